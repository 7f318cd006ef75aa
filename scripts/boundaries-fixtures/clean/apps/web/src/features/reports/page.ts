export const reports = 'reports';
