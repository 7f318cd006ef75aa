import { page } from '../features/people/page';
import { reports } from '../features/reports/page';

export const screen = () => `${page()} ${reports}`;
