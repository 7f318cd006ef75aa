import { topName } from './modules/top/public';

export const app = () => topName;
