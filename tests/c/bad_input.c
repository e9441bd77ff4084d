/* The bad-input suite (docs/bad-input.md) through the C ABI: every case of
 * tests/fixtures/bad_input/cases.tsv must return its status, with a message holding its
 * needles and the facade's error code in the error JSON, and leave the game (or the engine's
 * scenarios) as it was. Inputs are raw bytes here, so the invalid UTF-8 cases reach the
 * library as they are; the NULL-pointer cases exist only in this layer.
 *
 * Usage: bad_input CASES.tsv REPO_ROOT     Exit status 0 when every case passes. */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard.h"

enum { FIELDS = 11, MAX_NEEDLES = 8 };

static int ran = 0, skipped = 0, failed = 0;

/* Calls that set up a case must succeed. */
#define OK(call)                                                                  \
  do {                                                                            \
    gg_status st_ = (call);                                                       \
    if (st_ != GG_OK) {                                                           \
      fprintf(stderr, "%s:%d: %s returned %s: %s\n", __FILE__, __LINE__, #call, \
              gg_status_name(st_), gg_last_error_message());                      \
      exit(2);                                                                    \
    }                                                                             \
  } while (0)

/* A byte buffer that always ends in a NUL (not counted in `len`). */
typedef struct {
  char *data;
  size_t len;
} buf;

static buf buf_new(void) {
  buf b = {calloc(1, 1), 0};
  return b;
}

static void buf_add(buf *b, const char *p, size_t n) {
  b->data = realloc(b->data, b->len + n + 1);
  memcpy(b->data + b->len, p, n);
  b->len += n;
  b->data[b->len] = '\0';
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    fprintf(stderr, "cannot open %s\n", path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *data = malloc((size_t)n + 1);
  if (data == NULL || fread(data, 1, (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(2);
  }
  data[n] = '\0';
  fclose(f);
  if (len != NULL) *len = (size_t)n;
  return data;
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

/* Decodes `n` hex digits (or "-", nothing) onto `out`. */
static void unhex(buf *out, const char *s, size_t n) {
  if (n == 1 && s[0] == '-') return;
  for (size_t i = 0; i + 1 < n; i += 2) {
    char c = (char)(hexval(s[i]) * 16 + hexval(s[i + 1]));
    buf_add(out, &c, 1);
  }
}

/* A literal input: HEX, HEX*N, joined by '+'. */
static buf literal(const char *s) {
  buf out = buf_new();
  while (*s) {
    const char *end = strchr(s, '+');
    size_t n = end ? (size_t)(end - s) : strlen(s);
    const char *star = memchr(s, '*', n);
    if (star != NULL) {
      buf chunk = buf_new();
      unhex(&chunk, s, (size_t)(star - s));
      long times = strtol(star + 1, NULL, 10);
      for (long i = 0; i < times; i++) buf_add(&out, chunk.data, chunk.len);
      free(chunk.data);
    } else {
      unhex(&out, s, n);
    }
    s += n;
    if (*s == '+') s++;
  }
  return out;
}

/* Replaces the first occurrence of `find` in `b` by `with`; 0 when it is not there. */
static int replace_first(buf *b, const buf *find, const buf *with) {
  if (find->len == 0 || find->len > b->len) return 0;
  for (size_t i = 0; i + find->len <= b->len; i++) {
    if (memcmp(b->data + i, find->data, find->len) == 0) {
      buf out = buf_new();
      buf_add(&out, b->data, i);
      buf_add(&out, with->data, with->len);
      buf_add(&out, b->data + i + find->len, b->len - i - find->len);
      free(b->data);
      *b = out;
      return 1;
    }
  }
  return 0;
}

/* ---- the JSON helpers of client.c: enough to split the arrays the library returns ---- */

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

static char *copy(const char *p, const char *end) {
  char *out = malloc((size_t)(end - p) + 1);
  memcpy(out, p, (size_t)(end - p));
  out[end - p] = '\0';
  return out;
}

/* The elements of a top-level JSON array, each a fresh string; `*n` receives the count. */
static char **json_items(const char *array, size_t *n) {
  char **items = NULL;
  *n = 0;
  const char *p = strchr(array, '[');
  if (p == NULL) return NULL;
  p++;
  for (;;) {
    while (*p == ' ' || *p == ',' || *p == '\n') p++;
    if (*p == ']' || *p == '\0') return items;
    const char *end = json_value_end(p);
    items = realloc(items, (*n + 1) * sizeof *items);
    items[(*n)++] = copy(p, end);
    p = end;
  }
}

static void free_items(char **items, size_t n) {
  for (size_t i = 0; i < n; i++) free(items[i]);
  free(items);
}

static char *json_field(const char *object, const char *key) {
  char pattern[64];
  snprintf(pattern, sizeof pattern, "\"%s\":", key);
  const char *p = strstr(object, pattern);
  if (p == NULL) return NULL;
  p += strlen(pattern);
  return copy(p, json_value_end(p));
}

/* The actions open now: the legal ones, or at a chance node the outcomes' actions. */
static char **open_actions(gg_game *g, size_t *n) {
  char *json;
  OK(gg_game_legal_actions(g, &json));
  char **items = json_items(json, n);
  gg_string_free(json);
  if (*n > 0) return items;
  free(items);
  OK(gg_game_chance_outcomes(g, &json));
  char **outcomes = json_items(json, n);
  gg_string_free(json);
  for (size_t i = 0; i < *n; i++) {
    char *action = json_field(outcomes[i], "action");
    free(outcomes[i]);
    outcomes[i] = action;
  }
  return outcomes;
}

/* ---- snapshots ---- */

typedef struct {
  uint64_t hash;
  char *parts[4]; /* state, history, legal actions, actor */
} snapshot;

static snapshot take(gg_game *g) {
  snapshot s;
  OK(gg_game_state_hash(g, &s.hash));
  OK(gg_game_state(g, &s.parts[0]));
  OK(gg_game_history(g, &s.parts[1]));
  OK(gg_game_legal_actions(g, &s.parts[2]));
  OK(gg_game_actor(g, &s.parts[3]));
  return s;
}

static int same(const snapshot *a, const snapshot *b) {
  if (a->hash != b->hash) return 0;
  for (int i = 0; i < 4; i++) {
    if (strcmp(a->parts[i], b->parts[i]) != 0) return 0;
  }
  return 1;
}

static void drop(snapshot *s) {
  for (int i = 0; i < 4; i++) gg_string_free(s->parts[i]);
}

static const char *status_of(const char *code) {
  static const char *map[][2] = {
      {"none", "GG_OK"},
      {"unknown_system", "GG_ERR_UNKNOWN_SYSTEM"},
      {"not_implemented", "GG_ERR_NOT_IMPLEMENTED"},
      {"unknown_scenario", "GG_ERR_UNKNOWN_SCENARIO"},
      {"bad_json", "GG_ERR_JSON"},
      {"data", "GG_ERR_DATA"},
      {"illegal", "GG_ERR_ILLEGAL"},
      {"index_out_of_range", "GG_ERR_INDEX"},
      {"bad_side", "GG_ERR_SIDE"},
      {"bad_save", "GG_ERR_BAD_SAVE"},
      {"bad_position", "GG_ERR_BAD_POSITION"},
      {"utf8", "GG_ERR_UTF8"},
      {"null", "GG_ERR_NULL"},
  };
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
    if (strcmp(map[i][0], code) == 0) return map[i][1];
  }
  return "?";
}

/* Splits `s` (modified) on `sep` into at most `max` pieces; returns the count. */
static int split(char *s, const char *sep, char **out, int max) {
  int n = 0;
  size_t k = strlen(sep);
  while (n < max) {
    out[n++] = s;
    char *next = strstr(s, sep);
    if (next == NULL) break;
    *next = '\0';
    s = next + k;
  }
  return n;
}

static void fail(const char *name, const char *why, const char *detail) {
  fprintf(stderr, "bad_input.c: %s: %s%s%s\n", name, why, detail ? ": " : "", detail ? detail : "");
  failed++;
}

/* The status of the NULL-pointer case `what` ("gg_game_new.scenario", ...). */
static gg_status null_case(gg_engine *engine, gg_game *game, const char *what) {
  gg_game *g = NULL;
  char *out = NULL;
  gg_status st;
  if (strcmp(what, "gg_engine_add_data.text") == 0) {
    st = gg_engine_add_data(engine, "x.json", NULL, &out);
  } else if (strcmp(what, "gg_game_new.scenario") == 0) {
    st = gg_game_new(engine, NULL, 1, &g);
  } else if (strcmp(what, "gg_game_load.saved") == 0) {
    st = gg_game_load(engine, NULL, &g);
  } else if (strcmp(what, "gg_game_apply_json.action_json") == 0) {
    st = gg_game_apply_json(game, NULL, NULL);
  } else if (strcmp(what, "gg_game_apply_json.game") == 0) {
    st = gg_game_apply_json(NULL, "\"end_phase\"", NULL);
  } else if (strcmp(what, "gg_game_new.out") == 0) {
    st = gg_game_new(engine, "pg/training", 1, NULL);
  } else {
    fprintf(stderr, "bad_input.c: unknown NULL case %s\n", what);
    exit(2);
  }
  gg_string_free(out);
  gg_game_free(g);
  return st;
}

static void run_case(gg_engine *engine, char *line, const char *root) {
  char *f[FIELDS];
  if (split(line, "\t", f, FIELDS) != FIELDS) {
    fprintf(stderr, "bad_input.c: a line without %d fields: %s\n", FIELDS, line);
    exit(2);
  }
  const char *name = f[0], *entry = f[1], *base = f[2], *arg = f[3];
  const char *code = f[6];
  char *needles[MAX_NEEDLES];
  int n_needles = strcmp(f[8], "-") == 0 ? 0 : split(f[8], " | ", needles, MAX_NEEDLES);
  if (strcmp(f[7], status_of(code)) != 0) {
    fail(name, "status and code disagree", f[7]);
    return;
  }
  /* Directives for this layer. */
  if (strcmp(f[9], "-") != 0) {
    char *d[8];
    int nd = split(f[9], " ; ", d, 8);
    for (int i = 0; i < nd; i++) {
      if (strncmp(d[i], "c skip: ", 8) == 0) {
        skipped++;
        return;
      }
      if (strncmp(d[i], "c expect: ", 10) == 0) {
        char *parts[MAX_NEEDLES + 1];
        int np = split(d[i] + 10, " | ", parts, MAX_NEEDLES + 1);
        code = parts[0];
        n_needles = np - 1;
        for (int k = 1; k < np; k++) needles[k - 1] = parts[k];
      }
    }
  }
  const char *want = status_of(code);
  ran++;

  /* The base position. */
  gg_game *game = NULL;
  char scenario[64] = "";
  uint64_t seed = 0;
  if (strcmp(base, "-") != 0) {
    long steps = 0;
    const char *at = strchr(base, '@');
    snprintf(scenario, sizeof scenario, "%.*s", (int)(at - base), base);
    char *rest;
    seed = strtoull(at + 1, &rest, 10);
    steps = strtol(rest + 1, NULL, 10);
    OK(gg_game_new(engine, scenario, seed, &game));
    for (long i = 0; i < steps; i++) OK(gg_game_step_random(game, NULL));
  }

  /* The input. */
  buf input;
  if (strcmp(f[4], "@state") == 0) {
    char *state;
    OK(gg_game_state(game, &state));
    input = buf_new();
    buf_add(&input, state, strlen(state));
    gg_string_free(state);
  } else if (strcmp(f[4], "@save") == 0) {
    char *saved;
    OK(gg_game_save(game, &saved));
    input = buf_new();
    buf_add(&input, saved, strlen(saved));
    gg_string_free(saved);
  } else if (f[4][0] == '@') {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", root, f[4] + 1);
    input.data = read_file(path, &input.len);
  } else {
    input = literal(f[4]);
  }
  if (strcmp(f[5], "-") != 0) {
    char *edits[16];
    int ne = split(f[5], ",", edits, 16);
    for (int i = 0; i < ne; i++) {
      char *gt = strchr(edits[i], '>');
      buf find = buf_new(), with = buf_new();
      unhex(&find, edits[i], (size_t)(gt - edits[i]));
      unhex(&with, gt + 1, strlen(gt + 1));
      int found = replace_first(&input, &find, &with);
      free(find.data);
      free(with.data);
      if (!found) {
        fail(name, "edit target not found in the input", NULL);
        free(input.data);
        gg_game_free(game);
        return;
      }
    }
  }
  if (strlen(input.data) != input.len) {
    fail(name, "the input holds a NUL byte: the case needs `c skip`", NULL);
    free(input.data);
    gg_game_free(game);
    return;
  }

  char *scenarios_before;
  OK(gg_engine_scenarios(engine, &scenarios_before));
  snapshot before = {0, {NULL, NULL, NULL, NULL}};
  if (game != NULL) before = take(game);

  gg_status st;
  char *out = NULL;
  gg_game *made = NULL;
  int check_game = game != NULL;
  if (strcmp(entry, "add_data") == 0) {
    st = gg_engine_add_data(engine, arg, input.data, &out);
  } else if (strcmp(entry, "scenario_json") == 0) {
    st = gg_game_from_scenario_json(engine, input.data, strtoull(arg, NULL, 10), &made);
  } else if (strcmp(entry, "new_game") == 0) {
    st = gg_game_new(engine, input.data, strtoull(arg, NULL, 10), &made);
  } else if (strcmp(entry, "replay") == 0) {
    st = gg_game_replay(engine, scenario, seed, input.data, &made);
  } else if (strcmp(entry, "load") == 0) {
    st = gg_game_load(engine, input.data, &made);
  } else if (strcmp(entry, "from_state") == 0) {
    st = gg_game_from_state(engine, scenario, input.data, strtoull(arg, NULL, 10), &made);
  } else if (strcmp(entry, "apply") == 0) {
    st = gg_game_apply_json(game, input.data, &out);
  } else if (strcmp(entry, "apply_index") == 0) {
    errno = 0;
    unsigned long long i = strtoull(arg, NULL, 10);
    if (errno == ERANGE || arg[0] == '-' || i > SIZE_MAX) {
      fail(name, "the index does not fit a size_t: the case needs `c skip`", arg);
      st = GG_OK;
    } else {
      st = gg_game_apply_index(game, (size_t)i);
    }
  } else if (strcmp(entry, "stale_after_undo") == 0) {
    size_t n_open, n_after;
    char **open = open_actions(game, &n_open);
    OK(gg_game_step_random(game, NULL));
    char **after = open_actions(game, &n_after);
    const char *stale = NULL;
    for (size_t i = 0; i < n_after && stale == NULL; i++) {
      int known = 0;
      for (size_t k = 0; k < n_open; k++) known |= strcmp(after[i], open[k]) == 0;
      if (!known) stale = after[i];
    }
    OK(gg_game_undo(game, NULL));
    if (stale == NULL) {
      fail(name, "no action became legal after the step", NULL);
      st = GG_OK;
    } else {
      st = gg_game_apply_json(game, stale, &out);
    }
    free_items(open, n_open);
    free_items(after, n_after);
  } else if (strcmp(entry, "undo") == 0) {
    st = gg_game_undo(game, &out);
    if (st == GG_OK && strcmp(out, "null") != 0) fail(name, "undo did not return null", out);
  } else if (strcmp(entry, "roll_value") == 0) {
    st = gg_game_roll_value(game, (uint32_t)strtoul(arg, NULL, 10));
  } else if (strcmp(entry, "observation") == 0) {
    st = gg_game_observation(game, (uint32_t)strtoul(arg, NULL, 10), &out);
  } else if (strcmp(entry, "reachable") == 0) {
    st = gg_game_reachable(game, input.data, &out);
  } else if (strcmp(entry, "path_actions") == 0) {
    st = gg_game_path_actions(game, input.data, arg, &out);
  } else if (strcmp(entry, "null") == 0) {
    st = null_case(engine, game, arg);
  } else {
    fprintf(stderr, "bad_input.c: %s: unknown entry %s\n", name, entry);
    exit(2);
  }

  if (strcmp(gg_status_name(st), want) != 0) {
    char got[512];
    snprintf(got, sizeof got, "expected %s, got %s: %s", want, gg_status_name(st),
             gg_last_error_message());
    fail(name, "wrong status", got);
  } else if (st != GG_OK) {
    const char *msg = gg_last_error_message();
    for (int i = 0; i < n_needles; i++) {
      if (strstr(msg, needles[i]) == NULL) {
        char got[1024];
        snprintf(got, sizeof got, "message \"%.700s\" lacks \"%s\"", msg, needles[i]);
        fail(name, "wrong message", got);
      }
    }
    char tag[64];
    snprintf(tag, sizeof tag, "\"error\":\"%s\"", code);
    if (strstr(gg_last_error_json(), tag) == NULL) {
      fail(name, "the error JSON lacks its code", gg_last_error_json());
    }
  }
  gg_string_free(out);
  gg_game_free(made);

  if (check_game) {
    snapshot after = take(game);
    if (!same(&before, &after)) fail(name, "the game changed", NULL);
    drop(&after);
    drop(&before);
  }
  char *scenarios_after;
  OK(gg_engine_scenarios(engine, &scenarios_after));
  if (strcmp(scenarios_before, scenarios_after) != 0) fail(name, "the scenarios changed", NULL);
  gg_string_free(scenarios_before);
  gg_string_free(scenarios_after);
  if (strcmp(entry, "add_data") == 0) {
    gg_game *good;
    if (gg_game_new(engine, "pg/training", 1, &good) != GG_OK) {
      fail(name, "no good game after the error", gg_last_error_message());
    } else {
      if (gg_game_play_random(good, 200, NULL) != GG_OK) {
        fail(name, "the good game fails", gg_last_error_message());
      }
      gg_game_free(good);
    }
  }
  free(input.data);
  gg_game_free(game);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s CASES.tsv REPO_ROOT\n", argv[0]);
    return 2;
  }
  char *text = read_file(argv[1], NULL);
  gg_engine *engine;
  OK(gg_engine_new(&engine));
  int total = 0;
  for (char *line = text; line != NULL && *line;) {
    char *next = strchr(line, '\n');
    if (next != NULL) *next++ = '\0';
    if (line[0] != '#' && line[0] != '\0') {
      total++;
      run_case(engine, line, argv[2]);
    }
    line = next;
  }
  gg_engine_free(engine);
  free(text);
  printf("bad_input.c: %d cases: %d run, %d skipped (not expressible in C), %d failed\n", total,
         ran, skipped, failed);
  return failed == 0 && total >= 40 ? 0 : 1;
}
