import { table } from '../../components/table';
import { people } from './api/people';

export const page = () => `${table} ${people}`;
