/** Activity, `/{site}/desk/activity`: everything done on the desk, newest first (the last 500): who, what and when (in the site's zone, as all the desk). */
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../render/escape.ts';
import { asText } from '../text.ts';
import type { DeskScope } from './scope.ts';
import { timeTag } from './ui.ts';

export function activityPage(app: FastifyInstance, desk: DeskScope) {
  app.get(
    '/:site/desk/activity',
    desk.guarded(async (request, reply, signed) => {
      const entries = [...(await signed.tenant.list('deskActivity'))].reverse().slice(0, 500);
      const list = entries.length
        ? `<ol class="desk-list" reversed>${entries
            .map(
              (a) =>
                `<li>${timeTag(signed.site, a.at)} <strong>${escapeHtml(asText(a.name))}</strong> <span class="muted">(${escapeHtml(asText(a.email))})</span>: ${escapeHtml(asText(a.detail))}</li>`,
            )
            .join('')}</ol>`
        : '<p class="muted">Nothing yet.</p>';
      return desk.framed(request, reply, signed, 'activity', 'Activity', `<p>Everything done on this desk: who, what and when.</p>${list}`);
    }),
  );
}
