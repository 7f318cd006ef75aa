import { widget } from '@/features/b/widgets';

export const panel = widget;
