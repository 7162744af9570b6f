// The schema.org types that name who runs a site: an Organization or any of its subtypes, a
// Person, or the WebSite itself. Written as schema.org's type hierarchy has them (v29), one branch
// a line; a type is read with or without the schema.org prefix.

const organisations = [
  'Organization',
  'Airline Consortium Corporation FundingScheme GovernmentOrganization LibrarySystem NGO',
  'NewsMediaOrganization OnlineBusiness OnlineStore PerformingGroup DanceGroup MusicGroup TheaterGroup',
  'PoliticalParty Project FundingAgency ResearchProject ResearchOrganization SearchRescueOrganization',
  'SportsOrganization SportsTeam WorkersUnion MedicalOrganization Dentist Hospital Pharmacy Physician',
  'DiagnosticLab VeterinaryCare EducationalOrganization CollegeOrUniversity ElementarySchool HighSchool',
  'MiddleSchool Preschool School',
  // LocalBusiness and its branches (the leaves below them are rarely a home page's main type).
  'LocalBusiness ProfessionalService AnimalShelter ArchiveOrganization AutomotiveBusiness ChildCare',
  'DryCleaningOrLaundry EmergencyService EmploymentAgency EntertainmentBusiness FinancialService',
  'FoodEstablishment Restaurant Bakery CafeOrCoffeeShop GovernmentOffice HealthAndBeautyBusiness',
  'HomeAndConstructionBusiness InternetCafe LegalService Attorney Notary Library LodgingBusiness Hotel',
  'MedicalBusiness RadioStation RealEstateAgent RecyclingCenter SelfStorage ShoppingCenter',
  'SportsActivityLocation Store TelevisionStation TouristInformationCenter TravelAgency',
];

const publisherTypes = new Set(['Person', 'WebSite', ...organisations.flatMap((line) => line.split(' '))]);

const schemaPrefix = /^(?:https?:\/\/schema\.org\/|schema:)/;

/** Whether a JSON-LD `@type` names an organisation, a person or a website. */
export function isPublisherType(type: string): boolean {
  return publisherTypes.has(type.replace(schemaPrefix, ''));
}
