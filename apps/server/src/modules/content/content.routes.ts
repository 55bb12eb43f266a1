import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentItem } from '@selah/domain/feed';
import { toLanguage } from '@selah/domain/languages';
import { BED_IDS, BED_LOOP } from '@selah/domain/player';
import { route } from '../../platform/contract-routes';
import { encodeBody, ownEncoding, sendCached, sendEncoded, sendFresh, type EncodedBody } from '../../platform/json-responses';
import type { SessionUser } from '../auth/session';
import type { FeedService, PublicContent } from './feed.service';

interface Serialized {
  content: PublicContent;
  json: string;
  signedOut: EncodedBody;
  texts: EncodedBody;
}

/** The public content is sent as JSON serialised (and compressed) once per rebuild, so these routes send strings. */
export async function contentRoutes(
  app: FastifyInstance,
  { feed, sounds }: { feed: FeedService; sounds: () => Promise<Array<{ id: string; audioUrl: string }>> },
): Promise<void> {
  /** Per language: the public content, its feed as JSON, and the signed-out feed and the texts compressed. */
  const serialized = new Map<string, Serialized>();
  // The public content is rebuilt at most once a minute per language: serialise and compress it once then.
  const serialize = (content: PublicContent): Serialized => {
    const key = content.feed.language;
    let entry = serialized.get(key);
    if (entry?.content !== content) {
      const json = JSON.stringify(content.feed);
      const signedOut = `${json.slice(0, -1)},"userPrayers":null}`;
      const texts = JSON.stringify(content.texts);
      entry = { content, json, signedOut: encodeBody(signedOut), texts: encodeBody(texts) };
      serialized.set(key, entry);
    }
    return entry;
  };
  /**
   * The serialised public content: at once when cached (almost every request), else once the one rebuild is
   * done. The cached path makes no promise: once better-auth has turned on AsyncLocalStorage (the first
   * sign-in), every promise costs more on Node 20, and the signed-out dashboard feed is the busiest route.
   */
  const publicContent = (lng: string | undefined): Serialized | Promise<Serialized> => {
    const content = feed.publicContent(toLanguage(lng));
    return content instanceof Promise ? content.then(serialize) : serialize(content);
  };

  const sendFeed = async (
    request: FastifyRequest,
    reply: FastifyReply,
    content: Serialized | Promise<Serialized>,
    user: SessionUser | null,
  ) => {
    const { json, signedOut } = await content;
    if (!user) return sendEncoded(request, reply, signedOut);
    const userPrayers = JSON.stringify(await feed.userPrayers(user.id));
    return sendFresh(request, reply, `${json.slice(0, -1)},"userPrayers":${userPrayers}}`);
  };

  const sendTexts = async (request: FastifyRequest, reply: FastifyReply, content: Promise<Serialized>) =>
    sendEncoded(request, reply, (await content).texts);

  route(
    app,
    'GET /api/feed',
    (request, reply) => {
      const content = publicContent(request.query.lng);
      const user = request.sessionUser;
      if (content instanceof Promise || user) return sendFeed(request, reply, content, user);
      // Signed out with the content cached: answered in this tick (a sync handler sends and returns nothing).
      sendEncoded(request, reply, content.signedOut);
      return undefined;
    },
    ownEncoding,
  );

  route(
    app,
    'GET /api/content/texts',
    (request, reply) => {
      const content = publicContent(request.query.lng);
      if (content instanceof Promise) return sendTexts(request, reply, content);
      sendEncoded(request, reply, content.texts);
      return undefined;
    },
    ownEncoding,
  );

  route(app, 'GET /api/categories', async (request, reply) => {
    const { feed: value } = (await publicContent(request.query.lng)).content;
    return sendCached(request, reply, JSON.stringify(value.categories.map(({ id, order, name }) => ({ id, order, name }))));
  });

  route(app, 'GET /api/sounds', async (request, reply) => {
    const made = await sounds();
    const list = BED_IDS.flatMap((id) => made.filter((sound) => sound.id === id).map(({ audioUrl }) => ({ id, audioUrl, loop: BED_LOOP })));
    return sendCached(request, reply, JSON.stringify({ sounds: list }));
  });

  route(app, 'GET /api/content', async (request, reply) => {
    const { feed: value, texts } = (await publicContent(request.query.lng)).content;
    const { preference } = request.query;
    const cards =
      preference === 'prayers' ? value.popularPrayers : (value.categories.find((category) => category.id === preference)?.items ?? []);
    const items: ContentItem[] = cards.map((card) => ({ ...card, text: texts.texts[card.id] ?? '' }));
    return sendCached(request, reply, JSON.stringify(items));
  });
}
