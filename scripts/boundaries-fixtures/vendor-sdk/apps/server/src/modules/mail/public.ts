export { transport } from './mailer';
