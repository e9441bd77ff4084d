/* A C client of grognard, the way a VASSAL-like table would use it: plays complete random
 * Prussia's Glory games through the index fast path, a few turns through JSON, replays the
 * cross-language fixture, and checks every error status (with the state unchanged after each).
 *
 * Usage: client FIXTURE [SCENARIO...]   (default scenarios: pg/training)
 * Exit status 0 when every check passes. Run under valgrind by tests/c/run.sh. */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard.h"

static int failures = 0;

#define CHECK(cond, ...)                                                         \
  do {                                                                           \
    if (!(cond)) {                                                               \
      fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                                              \
      fprintf(stderr, "\n  last error: %s\n", gg_last_error_message());         \
      failures++;                                                                \
    }                                                                            \
  } while (0)

/* Calls that must succeed. */
#define OK(call)                                                                  \
  do {                                                                            \
    gg_status st_ = (call);                                                       \
    if (st_ != GG_OK) {                                                           \
      fprintf(stderr, "%s:%d: %s returned %s: %s\n", __FILE__, __LINE__, #call, \
              gg_status_name(st_), gg_last_error_message());                      \
      exit(1);                                                                    \
    }                                                                             \
  } while (0)

/* A call that must fail with `want`, naming `needle` in its message, leaving the hash as is. */
static void expect_error(const char *what, gg_status got, gg_status want, const char *needle,
                         const gg_game *game, uint64_t hash_before) {
  CHECK(got == want, "%s: expected %s, got %s", what, gg_status_name(want), gg_status_name(got));
  const char *msg = gg_last_error_message();
  CHECK(msg != NULL && msg[0] != '\0', "%s: empty error message", what);
  if (needle != NULL) {
    CHECK(strstr(msg, needle) != NULL, "%s: message lacks \"%s\"", what, needle);
  }
  const char *json = gg_last_error_json();
  CHECK(json != NULL && json[0] == '{', "%s: error JSON is not an object: %s", what, json);
  if (game != NULL) {
    uint64_t after = 0;
    OK(gg_game_state_hash(game, &after));
    CHECK(after == hash_before, "%s: the state changed after an error", what);
  }
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    fprintf(stderr, "cannot open %s\n", path);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)n + 1);
  if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(1);
  }
  buf[n] = '\0';
  fclose(f);
  return buf;
}

/* The end of the JSON value starting at `p` (a string, an array, an object or a scalar). */
static const char *json_value_end(const char *p) {
  if (*p == '"') {
    for (p++; *p && *p != '"'; p++) {
      if (*p == '\\' && p[1]) p++;
    }
    return *p ? p + 1 : p;
  }
  if (*p == '[' || *p == '{') {
    int depth = 0;
    for (; *p; p++) {
      if (*p == '"') {
        p = json_value_end(p) - 1;
      } else if (*p == '[' || *p == '{') {
        depth++;
      } else if (*p == ']' || *p == '}') {
        if (--depth == 0) return p + 1;
      }
    }
    return p;
  }
  while (*p && *p != ',' && *p != ']' && *p != '}') p++;
  return p;
}

/* A copy of the `n`-th element of the top-level JSON array `array` (NULL past the end). */
static char *json_array_nth(const char *array, size_t n) {
  const char *p = strchr(array, '[');
  if (p == NULL) return NULL;
  p++;
  for (size_t i = 0;; i++) {
    while (*p == ' ' || *p == ',' || *p == '\n') p++;
    if (*p == ']' || *p == '\0') return NULL;
    const char *end = json_value_end(p);
    if (i == n) {
      char *out = malloc((size_t)(end - p) + 1);
      memcpy(out, p, (size_t)(end - p));
      out[end - p] = '\0';
      return out;
    }
    p = end;
  }
}

/* A copy of the value of `"key":` in a JSON object (first occurrence; enough for the fixture). */
static char *json_field(const char *object, const char *key) {
  char pattern[64];
  snprintf(pattern, sizeof pattern, "\"%s\":", key);
  const char *p = strstr(object, pattern);
  if (p == NULL) return NULL;
  p += strlen(pattern);
  while (*p == ' ') p++;
  const char *end = json_value_end(p);
  char *out = malloc((size_t)(end - p) + 1);
  memcpy(out, p, (size_t)(end - p));
  out[end - p] = '\0';
  return out;
}

static uint64_t splitmix(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* A whole random game through the index fast path; returns the number of steps. */
static size_t play_fast(const gg_engine *engine, const char *scenario, uint64_t seed) {
  gg_game *game = NULL;
  OK(gg_game_new(engine, scenario, seed, &game));
  uint64_t rng = seed;
  size_t steps = 0;
  for (;;) {
    gg_actor kind;
    int32_t side = -2;
    OK(gg_game_actor_kind(game, &kind, &side));
    if (kind == GG_ACTOR_TERMINAL) break;
    if (kind == GG_ACTOR_CHANCE) {
      CHECK(side == -1, "chance has no side");
      OK(gg_game_roll_seeded(game, splitmix(&rng)));
    } else {
      CHECK(side == 0 || side == 1, "side %d", side);
      size_t n = 0;
      OK(gg_game_action_count(game, &n));
      CHECK(n > 0, "a player must have a legal action");
      if (n == 0) break;
      OK(gg_game_apply_index(game, (size_t)(splitmix(&rng) % n)));
    }
    steps++;
    if (steps > 2000000) {
      CHECK(0, "%s seed %" PRIu64 " did not end", scenario, seed);
      break;
    }
  }
  char *outcome = NULL;
  OK(gg_game_outcome(game, &outcome));
  CHECK(strstr(outcome, "\"winner\"") != NULL, "outcome %s", outcome);
  size_t hist = 0;
  OK(gg_game_history_len(game, &hist));
  CHECK(hist == steps, "history %zu steps %zu", hist, steps);
  printf("fast path: %s seed %" PRIu64 ": %zu steps, outcome %s\n", scenario, seed, steps, outcome);
  gg_string_free(outcome);
  gg_game_free(game);
  return steps;
}

/* A few turns through the JSON calls: list the actions, pick one, apply it as JSON. */
static void play_json(const gg_engine *engine) {
  gg_game *game = NULL;
  OK(gg_game_new(engine, "pg/training", 5, &game));
  uint64_t rng = 5;
  for (int i = 0; i < 200; i++) {
    char *actor = NULL;
    OK(gg_game_actor(game, &actor));
    int terminal = strstr(actor, "\"terminal\"") != NULL;
    int chance = strstr(actor, "\"chance\"") != NULL;
    gg_string_free(actor);
    if (terminal) break;
    if (chance) {
      char *preview = NULL, *outcomes = NULL, *rolled = NULL;
      OK(gg_game_preview(game, &preview));
      CHECK(strstr(preview, "\"outcomes\"") != NULL, "preview %s", preview);
      OK(gg_game_chance_outcomes(game, &outcomes));
      CHECK(strstr(outcomes, "\"prob\"") != NULL, "outcomes %s", outcomes);
      OK(gg_game_roll(game, &rolled));
      CHECK(strstr(rolled, "\"events\"") != NULL, "roll %s", rolled);
      gg_string_free(preview);
      gg_string_free(outcomes);
      gg_string_free(rolled);
      continue;
    }
    char *actions = NULL;
    OK(gg_game_legal_actions(game, &actions));
    size_t n = 0;
    OK(gg_game_action_count(game, &n));
    char *pick = json_array_nth(actions, (size_t)(splitmix(&rng) % n));
    CHECK(pick != NULL, "action list %s", actions);
    char *events = NULL;
    OK(gg_game_apply_json(game, pick, &events));
    CHECK(events[0] == '[', "events %s", events);
    free(pick);
    gg_string_free(actions);
    gg_string_free(events);
  }
  /* Save, load, compare; clone; undo. */
  char *saved = NULL;
  OK(gg_game_save(game, &saved));
  gg_game *loaded = NULL;
  OK(gg_game_load(engine, saved, &loaded));
  uint64_t h1 = 0, h2 = 0;
  OK(gg_game_state_hash(game, &h1));
  OK(gg_game_state_hash(loaded, &h2));
  CHECK(h1 == h2, "loaded game differs");
  gg_game *copy = NULL;
  OK(gg_game_clone(game, &copy));
  char *undone = NULL;
  OK(gg_game_undo(copy, &undone));
  CHECK(strcmp(undone, "null") != 0, "undo took something back");
  OK(gg_game_state_hash(copy, &h2));
  CHECK(h1 != h2, "undo changed the copy");
  OK(gg_game_state_hash(game, &h2));
  CHECK(h1 == h2, "the original is untouched by its clone's undo");
  char *board = NULL;
  OK(gg_game_board(game, &board));
  CHECK(strstr(board, "\"hexes\"") != NULL && strstr(board, "\"0707\"") != NULL, "board");
  gg_string_free(board);
  char *state = NULL, *obs = NULL, *history = NULL;
  OK(gg_game_state(game, &state));
  OK(gg_game_observation(game, 1, &obs));
  OK(gg_game_history(game, &history));
  CHECK(state[0] == '{' && obs[0] == '{' && history[0] == '[', "state/observation/history");
  printf("json path: 200 steps, save/load/clone/undo agree\n");
  gg_string_free(undone);
  gg_string_free(state);
  gg_string_free(obs);
  gg_string_free(history);
  gg_string_free(saved);
  gg_game_free(copy);
  gg_game_free(loaded);
  gg_game_free(game);
}

/* The cross-language fixture: the same actions give the same hash as in Rust, Python, wasm. */
static void cross_language(const gg_engine *engine, const char *fixture_path) {
  char *fixture = read_file(fixture_path);
  char *actions = json_field(fixture, "actions");
  char *hash = json_field(fixture, "hash");
  char *seed_text = json_field(fixture, "seed");
  CHECK(actions && hash && seed_text, "fixture fields");
  gg_game *game = NULL;
  OK(gg_game_replay(engine, "pg/training", strtoull(seed_text, NULL, 10), actions, &game));
  uint64_t h = 0;
  OK(gg_game_state_hash(game, &h));
  char hex[32];
  snprintf(hex, sizeof hex, "\"%016" PRIx64 "\"", h);
  CHECK(strcmp(hex, hash) == 0, "cross-language hash: C %s, fixture %s", hex, hash);
  printf("cross-language: hash %s matches\n", hex);
  gg_game_free(game);
  free(actions);
  free(hash);
  free(seed_text);
  free(fixture);
}

static void error_statuses(gg_engine *engine) {
  gg_game *game = NULL;
  gg_engine *none = NULL;
  char *out = NULL;

  /* NULL arguments. */
  expect_error("NULL engine out", gg_engine_new(NULL), GG_ERR_NULL, "out", NULL, 0);
  expect_error("NULL engine", gg_game_new(NULL, "pg/training", 1, &game), GG_ERR_NULL,
               "engine", NULL, 0);
  expect_error("NULL scenario", gg_game_new(engine, NULL, 1, &game), GG_ERR_NULL, "scenario",
               NULL, 0);
  expect_error("NULL game", gg_game_apply_index(NULL, 0), GG_ERR_NULL, "game", NULL, 0);
  expect_error("NULL systems out", gg_engine_systems(engine, NULL), GG_ERR_NULL, "out", NULL, 0);
  (void)none;

  /* Invalid UTF-8. */
  expect_error("invalid UTF-8", gg_game_new(engine, "pg/\xff\xfe", 1, &game), GG_ERR_UTF8,
               "UTF-8", NULL, 0);

  /* Unknown system, unknown scenario (every system is in this build, hov included, so
     GG_ERR_NOT_IMPLEMENTED is reached only in a build without one). */
  expect_error("unknown scenario", gg_game_new(engine, "pg/nowhere", 1, &game),
               GG_ERR_UNKNOWN_SCENARIO, "pg/nowhere", NULL, 0);
  expect_error("unknown hov scenario", gg_game_new(engine, "hov/no-such", 1, &game),
               GG_ERR_UNKNOWN_SCENARIO, "hov/no-such", NULL, 0);
  /* A system id outside the four is refused where the scenario names it. */
  expect_error("unknown system",
               gg_game_from_scenario_json(
                   engine,
                   "{\"format\":\"grognard/1\",\"kind\":\"scenario\",\"id\":\"zz/x\","
                   "\"system\":\"zz\",\"name\":\"x\",\"provenance\":{\"source\":\"provisional\","
                   "\"note\":\"test\"}}",
                   1, &game),
               GG_ERR_DATA, "zz", NULL, 0);
  /* Component data rejected. */
  expect_error("bad data",
               gg_engine_add_data(engine, "broken.json",
                                  "{\"format\":\"grognard/1\",\"kind\":\"terrain\"}", &out),
               GG_ERR_DATA, "broken.json", NULL, 0);

  OK(gg_game_new(engine, "pg/training", 9, &game));
  uint64_t h = 0;
  OK(gg_game_state_hash(game, &h));

  /* Malformed JSON, wrong shapes. */
  expect_error("malformed JSON", gg_game_apply_json(game, "{\"move\": [", NULL), GG_ERR_JSON,
               "action", game, h);
  expect_error("wrong type", gg_game_apply_json(game, "42", NULL), GG_ERR_JSON, NULL, game, h);
  expect_error("bad action list", gg_game_replay(engine, "pg/training", 1, "[\"nonsense\"]", &game),
               GG_ERR_JSON, "[0]", game, h);

  /* Out-of-range index, bad side. */
  size_t n = 0;
  OK(gg_game_action_count(game, &n));
  expect_error("index", gg_game_apply_index(game, n), GG_ERR_INDEX, "out of range", game, h);
  expect_error("side", gg_game_observation(game, 2, &out), GG_ERR_SIDE, "side 2", game, h);

  /* Illegal actions carry their rule. */
  expect_error("dice not due", gg_game_roll_value(game, 3), GG_ERR_ILLEGAL, "rule engine", game,
               h);
  expect_error("roll with a seed when no dice are due", gg_game_roll_seeded(game, 3),
               GG_ERR_ILLEGAL, "rule engine", game, h);
  /* Walk to the movement phase and try to move a unit that is not the Active player's. */
  gg_status st = gg_game_apply_json(game, "\"end_command\"", NULL);
  CHECK(st == GG_OK || st == GG_ERR_ILLEGAL, "end_command");
  OK(gg_game_state_hash(game, &h));
  expect_error("illegal action names its rule", gg_game_apply_json(game, "\"end_command\"", NULL),
               GG_ERR_ILLEGAL, "rule", game, h);
  /* The JSON form carries the rule as a field (read before any other call clears it). */
  st = gg_game_apply_json(game, "\"end_command\"", NULL);
  /* The JSON form carries the rule as a field (read before any other call clears it). */
  st = gg_game_apply_json(game, "\"end_command\"", NULL);
  const char *json = gg_last_error_json();
  CHECK(strstr(json, "\"rule\"") != NULL && strstr(json, "\"error\":\"illegal\"") != NULL,
        "illegal JSON %s", json);

  /* Bad saves. */
  expect_error("bad save",
               gg_game_load(engine,
                            "{\"format\":\"other\",\"system\":\"pg\",\"scenario\":"
                            "\"pg/training\",\"scenario_json\":null,\"game\":{}}",
                            &game),
               GG_ERR_JSON, "format", NULL, 0);
  char *saved = NULL;
  OK(gg_game_save(game, &saved));
  char *tampered = strstr(saved, "\"seed\":");
  if (tampered != NULL) tampered[7] = tampered[7] == '1' ? '2' : '1';
  gg_game *reloaded = NULL;
  st = gg_game_load(engine, saved, &reloaded);
  CHECK(st == GG_ERR_BAD_SAVE || st == GG_OK, "tampered save: %s", gg_status_name(st));
  gg_game_free(reloaded);
  gg_string_free(saved);

  /* Unknown bot. */
  expect_error("unknown bot", gg_game_step_bot(game, "nobody", NULL), GG_ERR_JSON, "nobody",
               game, h);

  /* A success clears the last error. */
  OK(gg_game_state_hash(game, &h));
  CHECK(strcmp(gg_last_error_message(), "") == 0, "last error cleared");
  CHECK(strcmp(gg_last_error_json(), "null") == 0, "last error JSON cleared");
  CHECK(strcmp(gg_status_name(99), "GG_UNKNOWN_STATUS") == 0, "status name");

  /* Freeing NULL is harmless. */
  gg_game_free(NULL);
  gg_engine_free(NULL);
  gg_string_free(NULL);
  gg_game_free(game);
  printf("error statuses: all checked\n");
}

/* A game from a position (gg_game_from_state): the state of play round-trips with an empty
 * history, and a turn past the scenario's is refused naming the field and the rule. */
static void positions(const gg_engine *engine) {
  gg_game *game = NULL;
  OK(gg_game_new(engine, "pg/rossbach", 4, &game));
  char *out = NULL;
  OK(gg_game_play_random(game, 60, &out));
  gg_string_free(out);
  char *state = NULL;
  OK(gg_game_state(game, &state));
  gg_game *from = NULL;
  OK(gg_game_from_state(engine, "pg/rossbach", state, 7, &from));
  uint64_t h1 = 0, h2 = 0;
  size_t len = 1;
  OK(gg_game_state_hash(game, &h1));
  OK(gg_game_state_hash(from, &h2));
  OK(gg_game_history_len(from, &len));
  CHECK(h1 == h2 && len == 0, "position round trip: hash or history differ");
  OK(gg_game_step_random(from, &out));
  gg_string_free(out);
  /* A turn the scenario does not have: `"turn":N,` becomes `"turn":99,`. */
  char *turn = strstr(state, "\"turn\":");
  CHECK(turn != NULL, "state has a turn");
  if (turn != NULL) {
    char *end = strchr(turn, ',');
    size_t head = (size_t)(turn - state);
    size_t size = strlen(state) + 16;
    char *bad = malloc(size);
    snprintf(bad, size, "%.*s\"turn\":99%s", (int)head, state, end);
    gg_game *refused = NULL;
    expect_error("position: turn", gg_game_from_state(engine, "pg/rossbach", bad, 7, &refused),
                 GG_ERR_BAD_POSITION, "3.0", NULL, 0);
    CHECK(strstr(gg_last_error_json(), "\"path\":\"turn\"") != NULL, "path: %s",
          gg_last_error_json());
    CHECK(refused == NULL, "no game on error");
    free(bad);
  }
  gg_game *none = NULL;
  expect_error("position: not JSON", gg_game_from_state(engine, "pg/rossbach", "{", 7, &none),
               GG_ERR_JSON, NULL, NULL, 0);
  CHECK(none == NULL, "no game on error");
  printf("positions: round trip and refusals\n");
  gg_string_free(state);
  gg_game_free(from);
  gg_game_free(game);
}

/* Fontenoy's options (F-5 to F-7, the scenarios' variants) chosen from C, kept by the save, and
   an option the scenario does not offer refused by name. */
static void fontenoy_options(const gg_engine *engine) {
  gg_game *game = NULL;
  OK(gg_game_new_with_options(engine, "fontenoy/battle", "{\"5.5\": true}", 3, &game));
  char *saved = NULL;
  OK(gg_game_save(game, &saved));
  CHECK(strstr(saved, "\\\"options\\\":{\\\"5.5\\\":true}") != NULL,
        "the save keeps the chosen options: %.200s", saved);
  gg_string_free(saved);
  gg_game *refused = NULL;
  expect_error("fontenoy option not offered",
               gg_game_new_with_options(engine, "fontenoy/ingoldsby", "{\"5.5\": true}", 1,
                                        &refused),
               GG_ERR_JSON, "5.5", NULL, 0);
  CHECK(refused == NULL, "no game on error");
  char *out = NULL;
  OK(gg_game_play_random(game, 200, &out));
  CHECK(strstr(out, "\"steps\":200") != NULL, "fontenoy plays: %s", out);
  gg_string_free(out);
  gg_game_free(game);
  printf("fontenoy: options chosen and refused\n");
}

/* The Habit of Victory's Battle Scenarios (§221–§223) played to their result by the greedy bot,
   the log naming leaders (¶99 "Davout [F-davout]'s force ..."), each side's observation hiding the
   other's strengths (¶20), and the other side's leader refused by side (¶88) leaving the game as
   it was. */
static void hov_battles(const gg_engine *engine) {
  const char *ids[] = {"hov/pultusk-golymin", "hov/eylau", "hov/friedland"};
  for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
    gg_game *game = NULL;
    OK(gg_game_new(engine, ids[i], 1, &game));
    int named = 0;
    for (int n = 0; n < 100000; n++) {
      gg_actor kind;
      int32_t side = 0;
      OK(gg_game_actor_kind(game, &kind, &side));
      if (kind == GG_ACTOR_TERMINAL) break;
      char *step = NULL;
      OK(gg_game_step_bot(game, "greedy", &step));
      if (strstr(step, "[F-") != NULL) named = 1;
      gg_string_free(step);
    }
    CHECK(named, "%s: the log names leaders", ids[i]);
    char *outcome = NULL;
    OK(gg_game_outcome(game, &outcome));
    CHECK(strstr(outcome, "\"level\"") != NULL, "%s ends with a result: %s", ids[i], outcome);
    gg_string_free(outcome);
    char *obs = NULL;
    OK(gg_game_observation(game, 0, &obs));
    CHECK(strstr(obs, "\"unknown\"") != NULL, "%s: the observation: %.200s", ids[i], obs);
    gg_string_free(obs);
    gg_game_free(game);
  }
  gg_game *game = NULL;
  OK(gg_game_new(engine, "hov/eylau", 1, &game));
  /* Play on to the French Movement Command Segment (¶45), where a command is a decision. */
  for (int n = 0; n < 200; n++) {
    char *legal = NULL;
    OK(gg_game_legal_actions(game, &legal));
    int commanding = strstr(legal, "\"command\"") != NULL;
    gg_string_free(legal);
    if (commanding) break;
    OK(gg_game_step_random(game, NULL));
  }
  uint64_t before = 0;
  OK(gg_game_state_hash(game, &before));
  expect_error("hov: a Coalition leader commanded by the French",
               gg_game_apply_json(game, "{\"command\": {\"leader\": 24, \"parts\": []}}", NULL),
               GG_ERR_ILLEGAL, "¶88", game, before);
  gg_game_free(game);
  printf("hov: three battle scenarios to their result\n");
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s FIXTURE [SCENARIO...]\n", argv[0]);
    return 2;
  }
  CHECK(strcmp(gg_version(), GG_VERSION_STRING) == 0, "header %s, library %s", GG_VERSION_STRING,
        gg_version());
  gg_engine *engine = NULL;
  OK(gg_engine_new(&engine));
  char *systems = NULL, *scenarios = NULL;
  OK(gg_engine_systems(engine, &systems));
  OK(gg_engine_scenarios(engine, &scenarios));
  CHECK(strstr(systems, "\"pg\"") != NULL, "systems %s", systems);
  CHECK(strstr(scenarios, "pg/rossbach") != NULL, "scenarios");
  gg_string_free(systems);
  gg_string_free(scenarios);

  if (argc > 2) {
    for (int i = 2; i < argc; i++) play_fast(engine, argv[i], 1);
  } else {
    play_fast(engine, "pg/training", 1);
  }
  play_json(engine);
  cross_language(engine, argv[1]);
  error_statuses(engine);
  positions(engine);
  fontenoy_options(engine);
  hov_battles(engine);

  char *sim = NULL;
  OK(gg_simulate(engine, "pg/training", 2, 10, "random", "greedy", 1000000, &sim));
  CHECK(strstr(sim, "\"hash\"") != NULL, "simulate %s", sim);
  gg_string_free(sim);

  gg_engine_free(engine);
  if (failures != 0) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("C client: all checks passed\n");
  return 0;
}
