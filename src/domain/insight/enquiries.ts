// Counts accepted enquiries for agent insight by channel and caller family, around the one enquiry
// path: replays and refusals are not counted, and nothing of the enquiry itself is read.
import type { EnquiryService } from '../enquiries/submit.ts';
import { unknownCaller } from './dimensions.ts';
import type { Insight } from './recorder.ts';

export function recordEnquiries(service: EnquiryService, insight: Insight): EnquiryService {
  if (!insight.enabled) return service;
  return {
    async submit(request) {
      const result = await service.submit(request);
      if (!result.replayed)
        insight.recordEnquiry({ channel: request.channel, caller: request.caller ?? unknownCaller });
      return result;
    },
  };
}
