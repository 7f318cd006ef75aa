import { format } from '@/lib/format';
import { table } from '../../components/table';

export const ok = format(table);
