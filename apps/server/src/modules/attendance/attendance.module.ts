import { defineModule } from '../../lib/module';
import { contractAttendancesPort } from '../contracts/public';
import { releaseContractAttendances } from './engine/contract-delete';
import { registerEngine } from './engine/register';
import { registerReads } from './reads/register';
import { registerTracker } from './tracker/register';

// Deleting a contract (contracts, a layer below) releases its shifts in the same transaction: contracts declares
// that as a port (contracts.ports.ts) and attendance implements it here, when this file loads, so contracts
// imports nothing of attendance.
contractAttendancesPort.register({ releaseContractAttendances });

/** Attendance: shifts built from schedules, the tracker protocol, presence, and what every role reads. */
export const attendanceModule = defineModule({
  name: 'attendance',
  register(ctx) {
    registerEngine(ctx);
    registerTracker(ctx);
    registerReads(ctx);
  },
});
