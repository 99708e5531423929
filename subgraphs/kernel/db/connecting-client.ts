/**
 * The `pg` client of the ORM's pool: a plain `pg.Client` whose failure to connect is marked as a
 * database outage (outage.ts, {@link markConnectFailure}). Opening a connection fails when the server
 * is unreachable, but also when it answers and refuses this database: dropped or renamed (3D000), not
 * accepting connections (55000), the login refused (28000, 28P01). Such an error reaches a request as
 * it is (a read straight on the pool) or wrapped by MikroORM, and either way answers 503, not 500.
 */
import pg from 'pg';
import { markConnectFailure } from './outage.js';

type ConnectCallback = (error: Error | null, client?: pg.Client) => void;

export class ConnectingClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
    if (callback) {
      super.connect((error: Error | null, client?: pg.Client) =>
        error ? callback(markConnectFailure(error)) : callback(null, client),
      );
      return;
    }
    return super.connect().catch((error: unknown) => {
      throw markConnectFailure(error);
    });
  }
}
