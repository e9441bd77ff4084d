// A Java client of grognard through JNA, the way a VASSAL module would call the C library:
// load a scenario, list the legal actions, apply some as JSON, read an illegal action's error
// with its rule number, play a whole Prussia's Glory game through the index fast path, and
// replay the cross-language fixture to the same state hash as Rust, C, Python and wasm, and play
// a Habit of Victory Battle Scenario to its result with the greedy bot.
//
// Usage: java -cp /usr/share/java/jna.jar:OUT -Djna.library.path=LIBDIR GrognardClient FIXTURE

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public final class GrognardClient {
  /** The part of include/grognard.h this client uses. Statuses are ints; GG_OK is 0. */
  public interface Gg extends Library {
    Gg LIB = Native.load("grognard", Gg.class);

    String gg_version();
    String gg_last_error_message();
    String gg_last_error_json();
    String gg_status_name(int status);
    void gg_string_free(Pointer s);

    int gg_engine_new(PointerByReference out);
    void gg_engine_free(Pointer engine);
    int gg_engine_scenarios(Pointer engine, PointerByReference out);

    int gg_game_new(Pointer engine, String scenario, long seed, PointerByReference out);
    int gg_game_replay(Pointer engine, String scenario, long seed, String actions, PointerByReference out);
    void gg_game_free(Pointer game);
    int gg_game_actor(Pointer game, PointerByReference out);
    int gg_game_legal_actions(Pointer game, PointerByReference out);
    int gg_game_apply_json(Pointer game, String action, PointerByReference eventsOut);
    int gg_game_actor_kind(Pointer game, IntByReference kind, IntByReference side);
    int gg_game_action_count(Pointer game, LongByReference out); // size_t: 64-bit Linux
    int gg_game_apply_index(Pointer game, long index);
    int gg_game_roll_seeded(Pointer game, long seed);
    int gg_game_state_hash(Pointer game, LongByReference out);
    int gg_game_outcome(Pointer game, PointerByReference out);
    int gg_game_step_bot(Pointer game, String bot, PointerByReference out);
    int gg_game_observation(Pointer game, int side, PointerByReference out);
  }

  static final Gg G = Gg.LIB;
  static int failures = 0;

  static void check(boolean ok, String what) {
    if (!ok) {
      System.err.println("check failed: " + what + " (last error: " + G.gg_last_error_message() + ")");
      failures++;
    }
  }

  static void ok(int status, String call) {
    if (status != 0) {
      throw new IllegalStateException(call + " returned " + G.gg_status_name(status) + ": " + G.gg_last_error_message());
    }
  }

  /** Takes ownership of a string the library returned. */
  static String take(PointerByReference ref) {
    Pointer p = ref.getValue();
    String s = p.getString(0, StandardCharsets.UTF_8.name());
    G.gg_string_free(p);
    return s;
  }

  /** The top-level elements of a JSON array, split without a JSON library. */
  static java.util.List<String> elements(String array) {
    java.util.List<String> out = new java.util.ArrayList<>();
    int depth = 0, start = -1;
    boolean str = false;
    for (int i = 0; i < array.length(); i++) {
      char c = array.charAt(i);
      if (str) {
        if (c == '\\') i++;
        else if (c == '"') str = false;
        continue;
      }
      if (c == '"') { str = true; if (depth == 1 && start < 0) start = i; continue; }
      if (c == '[' || c == '{') { depth++; if (depth == 2 && start < 0) start = i; if (depth == 1) continue; }
      if (c == ']' || c == '}') { depth--; }
      if (depth == 1 && c != ',' && !Character.isWhitespace(c) && start < 0) start = i;
      if ((depth == 1 && c == ',') || depth == 0) {
        if (start >= 0) out.add(array.substring(start, i).trim());
        start = -1;
      }
    }
    return out;
  }

  /** The index just past the JSON array that starts at `start`. */
  static int arrayEnd(String s, int start) {
    int depth = 0;
    boolean str = false;
    for (int i = start; i < s.length(); i++) {
      char c = s.charAt(i);
      if (str) {
        if (c == '\\') i++;
        else if (c == '"') str = false;
      } else if (c == '"') {
        str = true;
      } else if (c == '[' || c == '{') {
        depth++;
      } else if ((c == ']' || c == '}') && --depth == 0) {
        return i + 1;
      }
    }
    return s.length();
  }

  static long splitmix(long[] x) {
    long z = (x[0] += 0x9e3779b97f4a7c15L);
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  public static void main(String[] args) throws Exception {
    check(G.gg_version().equals("0.1.0") || !G.gg_version().isEmpty(), "version");
    PointerByReference ref = new PointerByReference();
    ok(G.gg_engine_new(ref), "gg_engine_new");
    Pointer engine = ref.getValue();
    ok(G.gg_engine_scenarios(engine, ref), "gg_engine_scenarios");
    String scenarios = take(ref);
    check(scenarios.contains("\"pg/rossbach\""), "scenarios list Rossbach");

    // Load a scenario, list the legal actions, apply some as JSON.
    ok(G.gg_game_new(engine, "pg/training", 2, ref), "gg_game_new");
    Pointer game = ref.getValue();
    ok(G.gg_game_actor(game, ref), "gg_game_actor");
    String actor = take(ref);
    check(actor.contains("\"player\""), "a player acts first: " + actor);
    ok(G.gg_game_legal_actions(game, ref), "gg_game_legal_actions");
    java.util.List<String> actions = elements(take(ref));
    check(!actions.isEmpty(), "legal actions listed");
    ok(G.gg_game_apply_json(game, actions.get(0), ref), "apply " + actions.get(0));
    String events = take(ref);
    check(events.startsWith("["), "events: " + events);

    // An illegal action: the status, the rule number, and the state unchanged.
    LongByReference hash = new LongByReference();
    ok(G.gg_game_state_hash(game, hash), "hash");
    long before = hash.getValue();
    int st = G.gg_game_apply_json(game, actions.get(0), null);
    check(st == 8, "repeating the action is illegal: " + G.gg_status_name(st));
    String err = G.gg_last_error_json();
    check(err.contains("\"error\":\"illegal\"") && err.contains("\"rule\""), "illegal error JSON names the rule: " + err);
    System.out.println("illegal action refused: " + err);
    ok(G.gg_game_state_hash(game, hash), "hash");
    check(hash.getValue() == before, "state unchanged after an illegal action");
    st = G.gg_game_apply_index(game, 1_000_000);
    check(st == 9, "index out of range: " + G.gg_status_name(st));
    st = G.gg_game_new(engine, "pg/nowhere", 1, new PointerByReference());
    check(st == 6, "unknown scenario: " + G.gg_status_name(st));

    // Play to the end through the fast path.
    long[] rng = {2};
    IntByReference kind = new IntByReference();
    IntByReference side = new IntByReference();
    LongByReference count = new LongByReference();
    int steps = 0;
    while (true) {
      ok(G.gg_game_actor_kind(game, kind, side), "actor kind");
      if (kind.getValue() == 2) break;
      if (kind.getValue() == 1) {
        ok(G.gg_game_roll_seeded(game, splitmix(rng)), "roll");
      } else {
        ok(G.gg_game_action_count(game, count), "count");
        check(count.getValue() > 0, "a player has a legal action");
        ok(G.gg_game_apply_index(game, Long.remainderUnsigned(splitmix(rng), count.getValue())), "apply index");
      }
      steps++;
    }
    ok(G.gg_game_outcome(game, ref), "outcome");
    String outcome = take(ref);
    check(outcome.contains("\"winner\""), "outcome " + outcome);
    System.out.println("pg/training played to the end in " + steps + " steps: " + outcome);
    G.gg_game_free(game);

    // The Habit of Victory: a Battle Scenario (§222) played to its result by the greedy bot, the
    // log naming leaders, and each side's observation (¶20: the other side's strengths hidden).
    ok(G.gg_game_new(engine, "hov/eylau", 1, ref), "gg_game_new hov/eylau");
    Pointer hov = ref.getValue();
    boolean named = false;
    for (int n = 0; n < 100_000; n++) {
      ok(G.gg_game_actor_kind(hov, kind, side), "actor kind");
      if (kind.getValue() == 2) break;
      ok(G.gg_game_step_bot(hov, "greedy", ref), "hov step_bot");
      named |= take(ref).contains("[F-");
    }
    check(named, "the hov log names leaders");
    ok(G.gg_game_outcome(hov, ref), "hov outcome");
    String hovOutcome = take(ref);
    check(hovOutcome.contains("\"level\""), "hov outcome " + hovOutcome);
    ok(G.gg_game_observation(hov, 1, ref), "hov observation");
    String obs = take(ref);
    check(obs.contains("\"unknown\""), "hov observation lists unknown stacks");
    System.out.println("hov/eylau played to its result: " + hovOutcome);
    G.gg_game_free(hov);

    // The cross-language fixture.
    String fixture = Files.readString(Path.of(args[0]));
    Matcher m = Pattern.compile("\"hash\":\"([0-9a-f]{16})\"").matcher(fixture);
    check(m.find(), "fixture hash");
    String want = m.group(1);
    int at = fixture.indexOf("\"actions\":") + "\"actions\":".length();
    String list = fixture.substring(at, arrayEnd(fixture, at));
    Matcher seed = Pattern.compile("\"seed\":(\\d+)").matcher(fixture);
    check(seed.find(), "fixture seed");
    ok(G.gg_game_replay(engine, "pg/training", Long.parseLong(seed.group(1)), list, ref), "replay");
    Pointer replayed = ref.getValue();
    ok(G.gg_game_state_hash(replayed, hash), "hash");
    String got = String.format("%016x", hash.getValue());
    check(got.equals(want), "cross-language hash: Java " + got + ", fixture " + want);
    System.out.println("cross-language: hash " + got + " matches");
    G.gg_game_free(replayed);
    G.gg_engine_free(engine);

    if (failures > 0) {
      System.err.println(failures + " check(s) failed");
      System.exit(1);
    }
    System.out.println("Java client: all checks passed");
  }
}
