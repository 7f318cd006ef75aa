import { defineModule } from '../../lib/module';
import { registerEngine } from './engine/register';
import { registerReads } from './reads/register';
import { registerTracker } from './tracker/register';

/** Attendance: shifts built from schedules, the tracker protocol, presence, and what every role reads. */
export const attendanceModule = defineModule({
  name: 'attendance',
  register(ctx) {
    registerEngine(ctx);
    registerTracker(ctx);
    registerReads(ctx);
  },
});
