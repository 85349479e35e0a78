import { checkbox, input } from '@inquirer/prompts';

import type { EventBroker } from '../answers/answers.js';
import { validateTenantClaim } from '../answers/validate-answers.js';
import { CLEAR_REFUSED } from './prompt-fields.js';

/** What a service may do beyond the plain one, each its own flag: asked once, in one list. */
export interface Features {
  softDelete?: true;
  tenantClaim?: string;
  events?: EventBroker;
}

/**
 * The opt-in features, in one list (Enter alone takes none): soft delete (--soft-delete), tenants
 * kept apart, whose token claim is asked once the list is done (--tenant-claim), and change events
 * to NATS (--events nats).
 */
export async function askFeatures(labelPlural: string): Promise<Features> {
  const picked = await checkbox({
    message: 'More (space picks one, Enter is done; none is the plain service)',
    choices: [
      { name: `soft delete: a delete keeps the record, restorable until it is purged (--soft-delete)`, value: 'softDelete' },
      { name: `tenants: each sees only its own ${labelPlural}, kept apart by PostgreSQL (--tenant-claim)`, value: 'tenants' },
      { name: `events: every change published to NATS JetStream through an outbox (--events nats)`, value: 'events' },
    ],
  });
  const features: Features = {
    ...(picked.includes('softDelete') ? { softDelete: true } : {}),
    ...(picked.includes('events') ? { events: 'nats' } : {}),
  };
  if (!picked.includes('tenants')) return features;
  const claim = await input({
    message: 'The token claim that names the tenant:',
    default: 'org_id',
    validate: (value) => validateTenantClaim(value.trim()) ?? true,
    theme: CLEAR_REFUSED,
  });
  return { ...features, tenantClaim: claim.trim() };
}
