// The demo's reviews (issue 36, "A living demo"; docs/sensors.md#demo-data): two to five at most
// venues, about what each venue's description promises, mostly 3 to 5 stars with the odd 2, posted
// over the past months (relative to "now" at seed time). A venue that has reviews keeps its own.
import { count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema.ts";
import { DAY_MS, HOUR_MS } from "../../common/local-time.ts";
import { insertPerVenue } from "./per-venue.ts";

/** [name, stars, days ago, comment]. */
type ReviewPlan = readonly [string, number, number, string];

const REVIEW_PLANS: Record<string, readonly ReviewPlan[]> = {
  "the-copper-lantern": [
    ["Danielle R.", 5, 9, "The Lantern Old Fashioned is the best in the neighbourhood, and the candlelight makes it feel like a secret. Go before 9 on a Saturday or expect to stand."],
    ["Marcus T.", 4, 38, "Gorgeous copper bar and a seasonal menu that actually changes. A little loud after ten on Fridays."],
    ["Yuki", 5, 71, "Took a date here, sat at the bar and watched them make a smoked cocktail. Staff remembered us the next time."],
    ["Sam P.", 3, 126, "Drinks are great but $16 adds up. Weeknights are much calmer than weekends."],
  ],
  "st-marks-tap-room": [
    ["Kevin O.", 5, 6, "Tuesday quiz is the best in the East Village: hard questions, fair quizmaster, and the twenty-four taps mean nobody's bored between rounds."],
    ["Priyanka", 4, 44, "Lots of New York State beer I'd never tried. The stoop gets crowded on warm nights but that's half the fun."],
    ["Joe M.", 2, 97, "Waited twenty minutes for a pint on a Saturday. Good beer, not enough staff."],
  ],
  "tompkins-corner": [
    ["Lena V.", 4, 12, "A real dive: cheap shots, a pool table that's always busy and a jukebox with actual good music on it."],
    ["Chris B.", 5, 59, "My favourite place to end up at 2 AM. No pretence, friendly bartenders, the park right outside."],
    ["Anonymous regular", 3, 143, "Sticky floors and the pool table list takes forever, but you get what you came for."],
  ],
  "seventh-street-social": [
    ["Hannah G.", 5, 17, "The wood-fired flatbreads are ridiculous. Kitchen open until midnight is a lifesaver after a show."],
    ["Omar F.", 4, 65, "Good brunch, better burger. Bar crowd takes over after eleven, so come earlier if you want to talk."],
  ],
  "avenue-c-ale-house": [
    ["Gareth W.", 5, 3, "Every Premier League match on its own screen and they turn the sound up for the big one. Wings by the pound are proper."],
    ["Mike D.", 4, 33, "Loud and fun on a Sunday. Get there before kick-off or you'll be watching from the door."],
    ["Tanya S.", 3, 88, "Great for the game, not for conversation. Beer list is basic."],
    ["Liam", 5, 152, "Found my people for the derby. Bartenders know the table rules and keep the pints coming."],
  ],
  "the-velvet-hour": [
    ["Eleanor K.", 5, 14, "Walking through the record shop door still feels magical. The Thursday jazz trio was superb and the room holds only forty, so it never gets rowdy."],
    ["Dev", 4, 52, "Beautiful cocktails and real jazz. Book ahead on Saturdays; we got the last two seats."],
    ["Rosa M.", 5, 109, "Best date night in the East Village. Quiet enough to talk between sets."],
  ],
  "rooftop-on-first": [
    ["Jasmine L.", 4, 21, "The skyline at sunset is worth the line. Frozen drinks are sweet but fun."],
    ["Alex N.", 2, 76, "Waited 40 minutes on a warm Saturday and the heaters were off. The view is great, the wait is not."],
    ["Brooke", 5, 131, "Sunset Sessions with the DJ is the best Friday start. Go at six before the line."],
  ],
  "bowery-wine-cellar": [
    ["Claire D.", 5, 8, "A calm room where you can hear each other. The natural wines by the glass change every week and the staff explain them without fuss."],
    ["Ben H.", 4, 49, "Lovely cheese board. Quiet on weeknights, a bit busier on Fridays but never loud."],
    ["Ana", 5, 118, "Sunday afternoon bossa nova and a glass of orange wine: perfect."],
  ],
  "east-village-beer-garden": [
    ["Felix S.", 5, 11, "Litre steins, pretzels the size of your head and long tables where you end up chatting with strangers. Great for groups."],
    ["Morgan", 4, 67, "Fun on a summer night under the string lights. Saturday football draws a crowd."],
    ["Ricky T.", 3, 139, "Beer is good, food is fine, service slow when it's full."],
  ],
  "neon-moon-karaoke": [
    ["Jenny C.", 5, 5, "Private room for eight, forty thousand songs and soju cocktails. We sang until close."],
    ["Paul A.", 4, 41, "Open stage Thursday is a blast; the host keeps the queue moving."],
    ["Mina", 4, 93, "Rooms get booked early on weekends, so reserve. Sound system is great."],
    ["Dan R.", 2, 160, "Our room's mic kept cutting out and it took ages to get someone to fix it."],
  ],
  "the-low-hum": [
    ["Niko", 5, 16, "Basement sound system is serious. Doors at ten but it really gets going after one."],
    ["Sophie L.", 3, 84, "Great DJs, but the line was long and the coat check slow."],
  ],
  "hotel-astor-lobby-bar": [
    ["Richard P.", 5, 27, "Deep armchairs, a pianist playing standards and a perfect martini. You can actually hear yourself think."],
    ["Grace", 4, 102, "A quiet escape from the East Village bustle. Pricey, but the room is worth it."],
  ],
  "ninth-street-taqueria": [
    ["Carlos M.", 5, 4, "Al pastor right off the trompo and $6 margaritas until seven. The mezcal list is huge."],
    ["Emily W.", 4, 57, "Great tacos and a fun, noisy room. Happy hour fills up fast."],
    ["Tom", 3, 121, "Tacos excellent, but the wait for a table on Friday was long."],
  ],
  "alphabet-city-pub": [
    ["Siobhan", 5, 19, "A proper pint of stout, a fireplace, and the Sunday session with fiddles by the fire. Feels like home."],
    ["Greg L.", 4, 73, "Cheap drinks, friendly crowd, the match on when it matters."],
  ],
  "the-stoop": [
    ["Aisha", 5, 10, "Wednesday comedy open mic in the backyard is the best free show in town. $5 cans all day."],
    ["Jake F.", 4, 62, "Narrow bar, lovely backyard. Gets tight on weekends."],
    ["Lou", 3, 135, "Fine dive, the comics can be hit or miss."],
  ],
  "loisaida-brewing": [
    ["Megan T.", 5, 23, "Eight house beers, flights to try them all and a burger worth the wait. Tuesday trivia is a good time."],
    ["Ravi", 4, 90, "Small-batch beers that change often. The burger took half an hour but it was worth it."],
  ],
};

/** A demo review as the seed writes it: the reviews row's fields and the venue by slug. */
export interface DemoReview {
  slug: string;
  username: string;
  rating: number;
  comment: string;
  createdAt: Date;
}

/** The demo's reviews at `now`: each posted its days before, in the evening of that day's count (plus a few hours' spread). */
export function demoReviews(now: number): DemoReview[] {
  return Object.entries(REVIEW_PLANS).flatMap(([slug, plans]) =>
    plans.map(([username, rating, daysAgo, comment], i) => ({
      slug,
      username,
      rating,
      comment,
      createdAt: new Date(now - daysAgo * DAY_MS - (i % 4) * HOUR_MS),
    })),
  );
}

/** Writes the demo's reviews; a venue that already has reviews keeps its own. Returns how many were added. */
export function seedDemoReviews(database: Parameters<typeof drizzle>[0], now: number): Promise<number> {
  return insertPerVenue(
    database,
    demoReviews(now),
    async (db, placeId) => (await db.select({ n: count() }).from(schema.reviews).where(eq(schema.reviews.placeId, placeId)))[0].n > 0,
    async (db, placeId, reviews) => {
      await db.insert(schema.reviews).values(reviews.map(({ slug: _slug, ...review }) => ({ ...review, placeId })));
    },
  );
}
