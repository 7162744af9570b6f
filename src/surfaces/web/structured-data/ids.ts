// The @id of every node the site describes, so nodes on different pages link to one another.
export const siteIds = (baseUrl: string): { website: string; agency: string } => ({
  website: `${baseUrl}/#website`,
  agency: `${baseUrl}/#organization`,
});

export const pageIds = (
  url: string,
): { webpage: string; breadcrumb: string; service: string; article: string; client: string } => ({
  webpage: `${url}#webpage`,
  breadcrumb: `${url}#breadcrumb`,
  service: `${url}#service`,
  article: `${url}#article`,
  client: `${url}#client`,
});
