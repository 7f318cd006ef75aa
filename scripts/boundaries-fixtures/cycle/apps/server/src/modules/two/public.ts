export { twoName } from './two.service';
