/**
 * Announcing a feature's IPC writes on the change feed (docs/architecture.md §12) in one table next to its
 * handlers: for each write channel, the change its answer stands for. The handler runs as before; once it
 * answered (the write committed), the change is published — a refused write announces nothing.
 */
import type { Channel, ParsedRequestOf, ResponseOf } from '../../shared/ipc/index.js';
import type { IpcRouter } from '../ipc/router.js';
import type { ChangeInput, ChangePublisher } from './feed.js';

/** Per write channel: the change its answer stands for, or null when it changed nothing (a cancelled dialog). */
export type Announcements = { [C in Channel]?: (answer: ResponseOf<C>, request: ParsedRequestOf<C>) => ChangeInput | null };

/** A router whose handlers of the listed channels publish their change after they answered. */
export function announcing(router: IpcRouter, changes: ChangePublisher, announcements: Announcements): IpcRouter {
  return {
    ...router,
    handle(channel, handler) {
      const announce = announcements[channel] as ((answer: unknown, request: unknown) => ChangeInput | null) | undefined;
      if (!announce) return router.handle(channel, handler);
      router.handle(channel, async (request) => {
        const answer = await handler(request);
        const change = announce(answer, request);
        if (change) changes.publish(change);
        return answer;
      });
    },
  };
}
