import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { calendarFeedSchema, feedFileParamSchema, feedKindParamSchema } from './schemas';

const calendar = { resource: 'calendar', tags: ['calendar'] } as const;

export const calendarEndpoints = {
  feeds: endpoint({
    ...calendar,
    operationName: 'listCalendarFeeds',
    sessionOnly: true,
    method: 'GET',
    path: '/api/v1/calendar-feeds',
    access: 'integrations.own',
    summary: 'Your calendar feeds (those your roles have), with their secret links',
    response: z.object({ data: z.array(calendarFeedSchema) }),
  }),
  reset: endpoint({
    ...calendar,
    operationName: 'resetCalendarFeed',
    sessionOnly: true,
    method: 'POST',
    path: '/api/v1/calendar-feeds/:kind/reset',
    access: 'integrations.own',
    summary: 'Gives a feed a new secret link; the old one answers 404 from now on',
    params: feedKindParamSchema,
    response: calendarFeedSchema,
    errors: [404],
  }),
  ics: endpoint({
    ...calendar,
    operationName: 'getCalendarFeed',
    method: 'GET',
    path: '/api/v1/calendar/:file',
    access: 'public',
    summary: 'An iCalendar (RFC 5545) feed behind its secret link (`<token>.ics`); no session needed',
    params: feedFileParamSchema,
    response: z.string(),
    download: true,
    mediaTypes: ['text/calendar'],
    errors: [404],
  }),
};
