// Search latency on PostgreSQL: p50/p95/p99 of the records search query (GET /api/search, the user's own
// completed records) over 1,000,000 records, with the pg_trgm GIN index and, in the same run on the same data,
// after dropping it (budget: p95 under 50 ms with the index).
// Usage: npm run bench:search [-- --runs 300 --warmup 20 --records 1000000 --keep]
// Needs PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test) with
// rights to create databases. It creates the scratch database selah_bench_search, applies the migrations in
// apps/server/drizzle in journal order, seeds it, measures, and drops it at the end (--keep leaves it).
// The default-content half of the search (a few hundred rows) is not measured.
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 300);
const BLOCKS = 10;
const WARMUP = arg('warmup', 20);
const RECORDS = arg('records', 1_000_000);
const KEEP = process.argv.includes('--keep');
const USERS = 10_000;
const HEAVY_RECORDS = Math.min(100_000, Math.floor(RECORDS / 10));
const SCRATCH = 'selah_bench_search';
const INDEX = 'records_search_trgm_idx';

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const urlFor = (database) => {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

// The query records.queries.ts `search` sends through drizzle (node-postgres, unnamed statement, so a custom
// plan per execution), with `select *` for drizzle's list of every column. Keep it in step with the server.
const SEARCH_SQL = `select * from "records" where ("records"."user_id" = $1 and "records"."status" = $2 and (coalesce("records"."title", '') || ' ' || "records"."preference" || ' ' || "records"."description") ILIKE $3) order by "records"."created_at" desc limit $4`;
const containsPattern = (term) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const searchParams = (userId, term) => [userId, 'completed', containsPattern(term), 50];

const TERMS = [
  { label: 'common word', term: 'family' },
  { label: 'rare word', term: 'Bartholomew' },
  { label: 'absent word', term: 'xylophone' },
  { label: '3 letters', term: 'job' },
  { label: 'with a space', term: 'my father' },
  { label: 'uncommon phrase', term: 'courage for quiet' },
  { label: '2 letters (no trigram)', term: 'pe' },
];

// ---- seed text: what users type in the quiz, and titles like the writer's, in en/es/pl ----
// prettier-ignore
const FRAGMENTS = {
  en: [
    'for my mother', 'for my family', 'healing after surgery', 'peace in my heart', 'a new job',
    'strength to forgive', 'my marriage', 'anxiety at work', 'guidance for a big decision', 'my children at school',
    'my father who is sick', 'gratitude for today', 'sleep and rest', 'patience with my kids',
    'my friend going through a divorce', 'finances and debt', 'my exams next week', 'courage to speak up',
    'letting go of fear', 'hope in hard times', 'a safe trip', 'my church community', 'loneliness',
    'grief after losing my grandmother', "trust in God's plan", 'a calm mind', "my brother's addiction",
    'wisdom as a parent', 'joy in small things', 'the baby on the way', 'my health', 'forgiveness',
    'faith when it is hard', 'my neighbour', 'a fresh start', 'protection for my family', 'love and kindness',
    'thankfulness', 'the surgery on Monday', "my husband's job search",
  ],
  es: [
    'por mi madre', 'por mi familia', 'sanación después de la cirugía', 'paz en mi corazón', 'un nuevo trabajo',
    'fuerza para perdonar', 'mi matrimonio', 'ansiedad en el trabajo', 'guía para una gran decisión',
    'mis hijos en la escuela', 'mi padre que está enfermo', 'gratitud por hoy', 'descanso y sueño',
    'paciencia con mis hijos', 'mi amiga que se divorcia', 'deudas y finanzas', 'mis exámenes', 'valor para hablar',
    'soltar el miedo', 'esperanza en tiempos difíciles', 'un viaje seguro', 'mi comunidad', 'soledad',
    'el duelo por mi abuela', 'confianza en Dios', 'una mente tranquila', 'la adicción de mi hermano',
    'sabiduría como madre', 'alegría en lo pequeño', 'el bebé que viene', 'mi salud', 'perdón', 'fe en lo difícil',
  ],
  pl: [
    'za moją mamę', 'za moją rodzinę', 'uzdrowienie po operacji', 'pokój w sercu', 'nowa praca',
    'siła, by przebaczyć', 'moje małżeństwo', 'lęk w pracy', 'mądra decyzja', 'moje dzieci w szkole',
    'mój chory tata', 'wdzięczność za dziś', 'sen i odpoczynek', 'cierpliwość do dzieci', 'przyjaciółka po rozwodzie',
    'długi i pieniądze', 'egzaminy w przyszłym tygodniu', 'odwaga, by mówić', 'uwolnienie od strachu',
    'nadzieja w trudnym czasie', 'bezpieczna podróż', 'moja parafia', 'samotność', 'żałoba po babci', 'zaufanie Bogu',
    'spokojny umysł', 'uzależnienie brata', 'mądrość rodzica', 'radość z małych rzeczy', 'dziecko w drodze',
    'moje zdrowie', 'przebaczenie', 'wiara w trudnych chwilach',
  ],
};
// prettier-ignore
const TITLE_HEADS = {
  en: [
    'A Prayer for', 'Peace for', 'Strength for', 'Light for', 'Hope for', 'Rest for', 'Grace for', 'Courage for',
  ],
  es: [
    'Una oración por', 'Paz para', 'Fuerza para', 'Luz para', 'Esperanza para', 'Gracia para',
  ],
  pl: [
    'Modlitwa za', 'Pokój dla', 'Siła dla', 'Światło dla', 'Nadzieja dla', 'Łaska dla',
  ],
};
// prettier-ignore
const TITLE_TAILS = {
  en: [
    'Today', 'the Road Ahead', 'My Family', 'a New Morning', 'the Waiting', 'a Weary Heart', 'This Season',
    'Tomorrow', 'the Journey', 'Quiet Hours',
  ],
  es: [
    'hoy', 'el camino', 'mi familia', 'una nueva mañana', 'la espera', 'un corazón cansado', 'esta etapa', 'mañana',
  ],
  pl: [
    'dziś', 'drogi przed nami', 'mojej rodziny', 'nowego poranka', 'czasu oczekiwania', 'zmęczonego serca',
    'tego czasu', 'jutra',
  ],
};
const PRAYER_WORDS = {
  en: 'Lord God Father you are near and your love holds me in this hour I bring before you my fears and my hopes give me rest and teach me to trust your light in the morning and your peace at night Amen'.split(
    ' ',
  ),
  es: 'Señor Dios Padre estás cerca y tu amor me sostiene en esta hora traigo ante ti mis miedos y mis esperanzas dame descanso y enséñame a confiar en tu luz por la mañana y tu paz por la noche Amén'.split(
    ' ',
  ),
  pl: 'Panie Boże Ojcze jesteś blisko i Twoja miłość trzyma mnie w tej godzinie przynoszę Ci moje lęki i nadzieje daj mi odpoczynek i naucz mnie ufać Twojemu światłu rano i Twojemu pokojowi nocą Amen'.split(
    ' ',
  ),
};
// A seeded PRNG for the prayer paragraphs, so every run seeds the same text.
let prngState = 20261122;
const rand = () => (prngState = (Math.imul(prngState, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const paragraphs = (language) =>
  Array.from({ length: 200 }, () => {
    const words = PRAYER_WORDS[language];
    const text = Array.from({ length: 45 + Math.floor(rand() * 30) }, () => words[Math.floor(rand() * words.length)]).join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  });

// ---- database ----
let admin;
let db;
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  await db?.end().catch(() => {});
  if (!KEEP)
    await admin
      ?.query(`DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`)
      .catch((error) => console.error(`could not drop ${SCRATCH}:`, error.message));
  await admin?.end().catch(() => {});
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: dropping ${SCRATCH}`);
    void cleanup().finally(() => process.exit(130));
  });
}

const timed = async (what, work) => {
  const started = performance.now();
  const result = await work();
  console.log(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
};

function applyMigrations(client) {
  const dir = path.join(root, 'apps/server/drizzle');
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8'));
  return (async () => {
    for (const entry of journal.entries) {
      const sqlText = readFileSync(path.join(dir, `${entry.tag}.sql`), 'utf8');
      for (const statement of sqlText.split('--> statement-breakpoint')) {
        if (statement.trim()) await client.query(statement);
      }
    }
    return journal.entries.map((entry) => entry.tag);
  })();
}

async function seed(client) {
  await client.query(`SELECT setseed(0.20261122)`);
  // Users: ids look like better-auth's (32 characters); user n's id is md5('bench-user-' || n).
  await client.query(
    `INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
     SELECT md5('bench-user-' || n), 'User ' || n, 'user' || n || '@example.com', true, t, t
     FROM (SELECT n, now() - interval '800 days' + random() * interval '60 days' AS t FROM generate_series(1, $1::int) n) u`,
    [USERS],
  );
  // Records: user 1 owns HEAVY_RECORDS; the rest are spread over users 2..USERS with a skew (user index
  // 2 + floor((USERS-1) * r^2)): a few hundred to a few thousand records for the most active, ~45-90 for most.
  // The user's language (en 60%, es 25%, pl 15%) picks the text; statuses are 93% completed. Rows go in in
  // created_at order, as they would over two years, so each user's records are spread over the whole heap.
  await client.query(
    `INSERT INTO records (user_id, status, length, preference, experience, description, language, stage, record_text,
                          title, slug, audio_url, duration, created_at, updated_at)
     SELECT md5('bench-user-' || u), status, 3, preference, experience, description, lang, NULL,
            CASE WHEN status = 'completed' THEN record_text END,
            CASE WHEN status = 'completed' THEN title END,
            CASE WHEN status = 'completed' THEN 'prayer-' || left(md5(n::text), 12) END,
            CASE WHEN status = 'completed' THEN '/media/records/' || md5(n::text) || '.mp3' END,
            CASE WHEN status = 'completed' THEN 170 + r_dur * 30 END,
            created_at, created_at + interval '40 seconds'
     FROM (
       SELECT n, u, lang, created_at, r_dur,
              CASE WHEN r_status < 0.93 THEN 'completed' WHEN r_status < 0.98 THEN 'failed'
                   WHEN r_status < 0.99 THEN 'pending' ELSE 'processing' END AS status,
              (ARRAY['faith','healing','guidance','peace','relationships'])[1 + floor(5 * r_pref ^ 1.5)::int] AS preference,
              CASE WHEN r_exp < 0.7 THEN 'prayer' ELSE 'bible_meditation' END AS experience,
              concat_ws(', ',
                frags[1 + floor(cardinality(frags) * r_f1 ^ 2)::int],
                CASE WHEN k >= 2 THEN frags[1 + floor(cardinality(frags) * r_f2 ^ 2)::int] END,
                CASE WHEN k >= 3 THEN frags[1 + floor(cardinality(frags) * r_f3 ^ 2)::int] END,
                CASE WHEN k >= 4 THEN frags[1 + floor(cardinality(frags) * r_f4 ^ 2)::int] END,
                CASE WHEN r_rare < 0.0005 THEN 'Bartholomew' END) AS description,
              heads[1 + floor(cardinality(heads) * r_h)::int] || ' ' || tails[1 + floor(cardinality(tails) * r_t)::int] AS title,
              array_to_string(ARRAY[paras[1 + floor(200 * random())::int], paras[1 + floor(200 * random())::int],
                paras[1 + floor(200 * random())::int], paras[1 + floor(200 * random())::int],
                paras[1 + floor(200 * random())::int], paras[1 + floor(200 * random())::int],
                paras[1 + floor(200 * random())::int]], E'\\n\\n') AS record_text
       FROM (
         SELECT n, u, lang, random() AS r_status, random() AS r_pref, random() AS r_exp, random() AS r_f1,
                random() AS r_f2, random() AS r_f3, random() AS r_f4, random() AS r_rare, random() AS r_h,
                random() AS r_t, random() AS r_dur, 1 + floor(4 * random())::int AS k, created_at,
                CASE lang WHEN 'en' THEN $3::text[] WHEN 'es' THEN $4::text[] ELSE $5::text[] END AS frags,
                CASE lang WHEN 'en' THEN $6::text[] WHEN 'es' THEN $7::text[] ELSE $8::text[] END AS heads,
                CASE lang WHEN 'en' THEN $9::text[] WHEN 'es' THEN $10::text[] ELSE $11::text[] END AS tails,
                CASE lang WHEN 'en' THEN $12::text[] WHEN 'es' THEN $13::text[] ELSE $14::text[] END AS paras
         FROM (
           SELECT n, u, created_at, CASE WHEN u % 20 < 12 THEN 'en' WHEN u % 20 < 17 THEN 'es' ELSE 'pl' END AS lang
           FROM (
             SELECT n, CASE WHEN n <= $1::int THEN 1 ELSE 2 + floor(($2::int - 1) * random() ^ 2)::int END AS u,
                    now() - random() * interval '730 days' AS created_at
             FROM generate_series(1, $15::int) n OFFSET 0
           ) a ORDER BY created_at OFFSET 0
         ) b OFFSET 0
       ) c OFFSET 0
     ) d`,
    [
      HEAVY_RECORDS,
      USERS,
      FRAGMENTS.en,
      FRAGMENTS.es,
      FRAGMENTS.pl,
      TITLE_HEADS.en,
      TITLE_HEADS.es,
      TITLE_HEADS.pl,
      TITLE_TAILS.en,
      TITLE_TAILS.es,
      TITLE_TAILS.pl,
      paragraphs('en'),
      paragraphs('es'),
      paragraphs('pl'),
      RECORDS,
    ],
  );
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// Without the index = inside a transaction that has run DROP INDEX (rolled back afterwards, so the index comes back
// untouched). The two variants alternate in blocks, so load from other processes falls on both alike.
async function withoutIndex(client, work) {
  await client.query('BEGIN');
  try {
    await client.query(`DROP INDEX ${INDEX}`);
    return await work();
  } finally {
    await client.query('ROLLBACK');
  }
}
const inVariant = (client, variant, work) => (variant === 'with' ? work() : withoutIndex(client, work));

async function measure(client, userId, term) {
  const params = searchParams(userId, term);
  const times = { with: [], without: [] };
  const rows = {};
  for (const variant of ['with', 'without']) {
    await inVariant(client, variant, async () => {
      for (let i = 0; i < WARMUP; i++) await client.query(SEARCH_SQL, params);
    });
  }
  const perBlock = Math.ceil(RUNS / BLOCKS);
  for (let block = 0; block < BLOCKS; block++) {
    for (const variant of block % 2 === 0 ? ['with', 'without'] : ['without', 'with']) {
      await inVariant(client, variant, async () => {
        await client.query(SEARCH_SQL, params); // not counted: the first query after the switch rebuilds caches
        for (let i = 0; i < perBlock; i++) {
          const started = performance.now();
          const result = await client.query(SEARCH_SQL, params);
          times[variant].push(performance.now() - started);
          rows[variant] = result.rowCount;
        }
      });
    }
  }
  const stats = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), n: sorted.length };
  };
  if (rows.with !== rows.without) throw new Error(`"${term}": ${rows.with} rows with the index, ${rows.without} without`);
  return { with: stats(times.with), without: stats(times.without), rows: rows.with };
}

// One line per plan: the nodes (with the index each scan used), actual time, and shared buffers.
function planSummary(plan) {
  const nodes = [];
  const walk = (node, depth) => {
    let text = node['Node Type'];
    if (node['Index Name']) text += ` using ${node['Index Name']}`;
    if (node['Relation Name'] && !node['Index Name']) text += ` on ${node['Relation Name']}`;
    text += ` (rows ${node['Actual Rows']}`;
    if (node['Rows Removed by Filter']) text += `, removed by filter ${node['Rows Removed by Filter']}`;
    if (node['Rows Removed by Index Recheck']) text += `, removed by recheck ${node['Rows Removed by Index Recheck']}`;
    if (node['Heap Blocks']) text += `, heap blocks ${node['Heap Blocks']}`;
    if (node['Exact Heap Blocks'] !== undefined) text += `, heap blocks ${node['Exact Heap Blocks']}+${node['Lossy Heap Blocks']} lossy`;
    text += ')';
    nodes.push(`${'  '.repeat(depth)}${text}`);
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(plan.Plan, 0);
  const top = plan.Plan;
  return {
    nodes,
    ms: plan['Execution Time'],
    planningMs: plan['Planning Time'],
    hit: top['Shared Hit Blocks'],
    read: top['Shared Read Blocks'],
  };
}

async function explain(client, variant, userId, term) {
  return inVariant(client, variant, async () => {
    const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${SEARCH_SQL}`, searchParams(userId, term));
    return planSummary(result.rows[0]['QUERY PLAN'][0]);
  });
}

const fmt = (ms) => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));

try {
  admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const pgVersion = (await admin.query('SHOW server_version')).rows[0].server_version;
  await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${SCRATCH}`);
  db = new pg.Client({ connectionString: urlFor(SCRATCH) });
  await db.connect();
  const migrations = await timed('migrations', () => applyMigrations(db));
  console.log(`  applied ${migrations.join(', ')}`);

  // Bulk load: the secondary indexes on records are dropped and rebuilt afterwards from the definitions the
  // migrations created (pg_get_indexdef), which is faster than maintaining them row by row.
  const indexes = (
    await db.query(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
       WHERE i.indrelid = 'records'::regclass AND NOT i.indisprimary ORDER BY 1`,
    )
  ).rows;
  const searchIndex = indexes.find((index) => index.name === INDEX);
  if (!searchIndex) throw new Error(`the migrations did not create ${INDEX}`);
  console.log(`  ${searchIndex.def}`);
  for (const index of indexes) await db.query(`DROP INDEX ${index.name}`);
  await timed(`seed ${USERS} users, ${RECORDS} records`, () => seed(db));
  await db.query(`SET maintenance_work_mem = '1GB'`);
  let ginBuildSeconds = 0;
  for (const index of indexes) {
    const started = performance.now();
    await db.query(index.def);
    if (index.name === INDEX) ginBuildSeconds = (performance.now() - started) / 1000;
  }
  console.log(`indexes rebuilt (${INDEX}: ${ginBuildSeconds.toFixed(1)} s)`);
  await db.query(`RESET maintenance_work_mem`);
  await timed('vacuum analyze', async () => {
    await db.query('VACUUM ANALYZE "user"');
    await db.query('VACUUM ANALYZE records');
  });

  const sizes = (
    await db.query(
      `SELECT pg_size_pretty(pg_table_size('records')) AS heap, pg_size_pretty(pg_relation_size('${INDEX}')) AS gin,
              pg_size_pretty(pg_relation_size('records_user_status_created_idx')) AS btree,
              (SELECT count(*) FROM records WHERE status = 'completed') AS completed,
              (SELECT round(avg(length(coalesce(title, '') || ' ' || preference || ' ' || description))) FROM records) AS search_chars`,
    )
  ).rows[0];

  // Users measured: the heavy user, an active user (99th percentile of record counts among the others) and a
  // typical one (the median); the last two are English-speaking users like the heavy one, so the terms apply.
  const pick = async (fraction) =>
    (
      await db.query(
        `WITH counts AS (SELECT user_id, count(*) AS n FROM records WHERE user_id <> md5('bench-user-1') GROUP BY user_id),
              target AS (SELECT percentile_disc($1::float8) WITHIN GROUP (ORDER BY n) AS n FROM counts)
         SELECT c.user_id FROM counts c, target t, "user" u
         WHERE u.id = c.user_id AND (replace(u.name, 'User ', '')::int % 20) < 12
         ORDER BY abs(c.n - t.n), c.user_id LIMIT 1`,
        [fraction],
      )
    ).rows[0].user_id;
  const users = [
    { label: 'heavy', id: (await db.query(`SELECT md5('bench-user-1') AS id`)).rows[0].id },
    { label: 'active (p99)', id: await pick(0.99) },
    { label: 'typical (median)', id: await pick(0.5) },
  ];
  for (const user of users) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'completed')::int AS c FROM records WHERE user_id = $1`,
      [user.id],
    );
    user.records = rows[0].n;
    user.completed = rows[0].c;
    user.matches = {};
    for (const { term } of TERMS) {
      const count = await db.query(
        `SELECT count(*)::int AS n FROM records WHERE user_id = $1 AND status = $2 AND (coalesce(title, '') || ' ' || preference || ' ' || description) ILIKE $3`,
        searchParams(user.id, term).slice(0, 3),
      );
      user.matches[term] = count.rows[0].n;
    }
  }

  const results = {};
  const plans = {};
  const loadBefore = loadavg()[0];
  for (const user of users) {
    for (const { term } of TERMS) {
      const key = `${user.label}|${term}`;
      const started = performance.now();
      const r = (results[key] = await measure(db, user.id, term));
      plans[key] = { with: await explain(db, 'with', user.id, term), without: await explain(db, 'without', user.id, term) };
      const line = (m) => `p50 ${fmt(m.p50)} p95 ${fmt(m.p95)} p99 ${fmt(m.p99)}`;
      console.log(
        `${user.label.padEnd(16)} | ${JSON.stringify(term).padEnd(13)} | with ${line(r.with)} | without ${line(r.without)} ms | ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  }
  const loadAfter = loadavg()[0];

  const cpu = cpus();
  console.log(
    `\nmachine: ${cpu.length} x ${cpu[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, PostgreSQL ${pgVersion}`,
  );
  console.log(`load average (1 min) ${loadBefore.toFixed(1)} before measuring, ${loadAfter.toFixed(1)} after`);
  console.log(
    `data: ${USERS} users, ${RECORDS} records (${sizes.completed} completed), heap ${sizes.heap}, ${INDEX} ${sizes.gin} (built in ${ginBuildSeconds.toFixed(0)} s), records_user_status_created_idx ${sizes.btree}, search text ${sizes.search_chars} characters on average`,
  );
  console.log(`users: ${users.map((u) => `${u.label} ${u.records} records (${u.completed} completed)`).join('; ')}`);
  console.log(
    `runs: ${BLOCKS * Math.ceil(RUNS / BLOCKS)} per variant and cell after ${WARMUP} warm-up runs, in ${BLOCKS} alternating blocks (without = DROP INDEX in a transaction, rolled back); one connection; client-side wall time (50 full rows come back when there are 50 matches)\n`,
  );
  console.log('| user | term | matches | with trigram index p50 / p95 / p99 | without p50 / p95 / p99 | p95 ratio (without / with) |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  let worstP95 = 0;
  for (const user of users) {
    for (const { label, term } of TERMS) {
      const r = results[`${user.label}|${term}`];
      worstP95 = Math.max(worstP95, r.with.p95);
      const triple = (m) => `${fmt(m.p50)} / ${fmt(m.p95)} / ${fmt(m.p99)} ms`;
      console.log(
        `| ${user.label} | ${label}: "${term}" | ${user.matches[term]} | ${triple(r.with)} | ${triple(r.without)} | ${(r.without.p95 / r.with.p95).toFixed(1)}x |`,
      );
    }
  }
  console.log(`\nbudget: p95 < 50 ms with the index in every cell -> ${worstP95 < 50 ? 'met' : 'NOT met'} (worst p95 ${fmt(worstP95)} ms)`);

  console.log('\nEXPLAIN (ANALYZE, BUFFERS), one run after the timed runs:');
  for (const user of users) {
    for (const { term } of TERMS) {
      for (const variant of ['with', 'without']) {
        const plan = plans[`${user.label}|${term}`][variant];
        const head = `${variant} index, ${user.label}, "${term}": ${plan.ms.toFixed(2)} ms (planning ${plan.planningMs.toFixed(2)} ms), shared hit ${plan.hit} read ${plan.read}`;
        if (user.label === 'heavy') console.log(`${head}\n${plan.nodes.map((line) => `    ${line}`).join('\n')}`);
        else console.log(`${head}: ${plan.nodes.map((line) => line.trim().replace(/ \(.*$/, '')).join(' <- ')}`);
      }
    }
  }
} finally {
  await cleanup();
}
