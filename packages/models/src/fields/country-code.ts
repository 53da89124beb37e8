import { z } from "zod";

/**
 * The officially assigned ISO 3166-1 alpha-2 codes (249). A country-level value is one of
 * these, upper case, so that a typo (`UK`, `us`, `XX`) is refused by name rather than read as
 * a country nobody has.
 */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  [
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ",
    "BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ",
    "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ",
    "DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR",
    "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU",
    "ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ",
    "LA LB LC LI LK LR LS LT LU LV LY",
    "MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ",
    "NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA",
    "RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ",
    "TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ",
    "VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW",
  ]
    .join(" ")
    .split(" "),
);

/**
 * The vendor's country-level targeting values (its place ids, as `targeting_value` of a LOCATION
 * criterion and as keyword insights' `location`) of the countries this service knows by that
 * form: the ones seen in the vendor's SDK tests and public examples (the United States is
 * `96683cc9126741d1`). The vendor's full table is not published with the spec; another
 * country is reached by its alpha-2 code.
 */
export const COUNTRY_TARGETING_VALUES: Readonly<Record<string, string>> = {
  US: "96683cc9126741d1",
  GB: "6416b8512febefc9",
  CA: "3376992a082d67c7",
  MX: "25530ba03b7d90c6",
  BR: "1b107df3ccc0aaa1",
  FR: "f3bfc7dcc928977f",
  DE: "fdcd221ac44fa326",
  ES: "ecdce75d48b13b64",
  JP: "06ef846bfc783874",
};

const COUNTRY_BY_TARGETING_VALUE: ReadonlyMap<string, string> = new Map(
  Object.entries(COUNTRY_TARGETING_VALUES).map(([country, value]) => [value, country]),
);

/**
 * The one place that knows a country-level location (issue 33: a `location` one endpoint
 * accepts, every endpoint taking a country accepts): its ISO 3166-1 alpha-2 code for either
 * form, the code itself (upper case) or the country's targeting value; undefined for anything
 * else (a typo, or a region or city).
 */
export function countryOfLocation(value: string): string | undefined {
  if (COUNTRY_CODES.has(value)) return value;
  return COUNTRY_BY_TARGETING_VALUE.get(value);
}

const PREDICATE =
  "must be a country: an ISO 3166-1 alpha-2 code in upper case, such as US or GB, or a " +
  `country-level targeting value, such as ${COUNTRY_TARGETING_VALUES.US} (US)`;

/**
 * One country (spec §4.8 keyword insights `location`: "country-level targeting value"), in
 * either form, read as its alpha-2 code.
 */
export function countryCode() {
  return z
    .string({ error: "must be a string" })
    .refine((value) => countryOfLocation(value) !== undefined, { error: PREDICATE })
    .transform((value) => countryOfLocation(value) as string);
}
