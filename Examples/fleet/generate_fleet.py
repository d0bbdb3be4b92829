#!/usr/bin/env python3
"""Generate a fleet of small Android logcat traces whose lifelint outcome is known.

    generate_fleet.py --traces N --out DIR [--seed S]

writes DIR/trace-00000.log ... (threadtime logcat, like SampleLogs/*.log) and
DIR/answers.json: the ground truth, computed from each scenario's parameters, never by
running lifelint.

Every trace is one of seven scenarios, each a template copied line for line from a sample
log (SampleLogs/android-lost-draft.log, android-draft-saved-on-pause.log, android-slow-callbacks.log, android-swiped-away-restored.log,
android-slow-flush.log, android-draft-saved-on-stop.log, rn-websocket-probe-and-catch-up.log)
with only these knobs turned: the app package, pids, the date and time of day, how long
the app stays away, the text the user typed (number of edits and their lengths), save
durations, time to the first resync, the kind of system kill, and the app version, named by
a line `lifelint: app.info version=V build=B` from the app's pid right after it starts.

Why the answers can be known without re-implementing lifelint:

* metrics (background entries, saves begun in the background, time from the return to the
  foreground to the first resync, deaths by reason) are counted from the template's
  structure, which is the sample's, and the durations are the gaps the generator chose;
* verdicts and findings are the ones lifelint reports on the sample itself; the knobs
  stay far from every threshold (saves well inside or well beyond the 5 s grace window,
  kills minutes after the background entry);
* a finding's fingerprint is lifelint's hash of the rule, the app and the content (name and
  attributes) of the event it points at. The generator does not compute that hash: it only
  needs to know which findings share one. So every line a finding can point at is copied
  verbatim from the sample (activity tokens, callback times, persist keys and sizes, routes)
  except the package and, on purpose, the persisted key of the slow-flush scenario
  (`flush_key`). A finding's identity here is (rule, app, that content); two findings share
  a fingerprint exactly when they share an identity.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

APPS = ("com.example.notes", "com.acme.journal", "org.sample.memo")
VERSIONS = {"1.3.0": "130", "1.4.0": "140", "1.5.0": "150"}
BASELINE_VERSION, NEW_VERSION = "1.4.0", "1.5.0"
YEAR = 2024  # run lifelint with --year 2024: logcat lines carry no year

# Scenario weights per version: 1.5.0 regresses (more lost drafts and slow flushes).
SCENARIO_WEIGHTS = {
    "1.3.0": {"lost-draft": 10, "saved-on-pause": 25, "slow-flush": 10, "saved-on-stop": 30, "ws-probe": 25,
              "swiped-restored": 10, "slow-callbacks": 15},
    "1.4.0": {"lost-draft": 5, "saved-on-pause": 30, "slow-flush": 5, "saved-on-stop": 35, "ws-probe": 25,
              "swiped-restored": 10, "slow-callbacks": 15},
    "1.5.0": {"lost-draft": 15, "saved-on-pause": 20, "slow-flush": 15, "saved-on-stop": 25, "ws-probe": 25,
              "swiped-restored": 10, "slow-callbacks": 25},
}
# The slow flush saves a new key in 1.5.0: its findings get new fingerprints.
FLUSH_KEYS = {"1.3.0": "notebook", "1.4.0": "notebook", "1.5.0": "attachments"}
GRACE_WINDOW_MS = 5000  # lifelint's default graceWindow


@dataclass
class Expected:
    """What lifelint must report for one trace's app (there is one app per trace)."""

    scenario: str
    app: str
    version: str
    build: str
    background_entries: int = 0
    verdicts: list[str] = field(default_factory=list)
    save_ms: list[int] = field(default_factory=list)
    resync_ms: list[int] = field(default_factory=list)
    resync_missing: int = 0  # returns to the foreground with no resync at all
    deaths: dict[str, int] = field(default_factory=dict)
    # (rule, content of the event the finding points at), in the order of those events in
    # the trace: see the module docstring.
    findings: list[tuple[str, str]] = field(default_factory=list)


class Logcat:
    """Writes threadtime lines ('MM-DD HH:MM:SS.mmm  PID  TID L TAG: msg') on a clock in ms."""

    def __init__(self, start: dt.datetime):
        self.start = start
        self.lines = ["--------- beginning of main"]

    def at(self, ms: int, pid: int, tid: int, level: str, tag: str, msg: str) -> None:
        t = self.start + dt.timedelta(milliseconds=ms)
        stamp = t.strftime("%m-%d %H:%M:%S.") + f"{t.microsecond // 1000:03d}"
        self.lines.append(f"{stamp} {pid:5d} {tid:5d} {level} {tag}: {msg}")

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def wm(pkg: str, token: int, reason: str, time_ms: int | None, activity: str = "EditorActivity") -> str:
    """An Android event-log line for an activity callback, as in the samples."""
    tail = f",time={time_ms}ms" if time_ms is not None else ""
    return f"[Token={token},Component Name={pkg}.{activity},Reason={reason}{tail}]"


def start_proc(pkg: str, pid: int, activity: str = "EditorActivity") -> str:
    return f"Start proc {pid}:{pkg}/u0a187 for top-activity {{{pkg}/{pkg}.{activity}}}"


def app_info(log: Logcat, ms: int, pid: int, e: Expected) -> None:
    log.at(ms, pid, pid, "I", "lifelint", f"app.info version={e.version} build={e.build}")


def lmk_kill(log: Logcat, ms: int, pkg: str, pid: int) -> None:
    log.at(ms, 577, 577, "I", "lowmemorykiller",
           f"Kill '{pkg}' ({pid}), uid 10187, oom_score_adj 905 to free 88312kB rss, 10240kB swap; "
           "reason: low watermark is breached")
    log.at(ms + 15, 702, 702, "I", "Zygote  ", f"Process {pid} exited due to signal 9 (Killed)")


def home(log: Logcat, ms: int) -> None:
    log.at(ms, 1610, 1672, "I", "ActivityTaskManager",
           "START u0 {act=android.intent.action.MAIN cat=[android.intent.category.HOME] flg=0x10000000 "
           "cmp=com.android.launcher3/.uioverrides.QuickstepLauncher} from uid 1000")


def edits(log: Logcat, rng: random.Random, pid: int, first_ms: int, last_ms: int, field_name: str = "body") -> None:
    """Between one and three input.edited lines, the last exactly at last_ms."""
    n = rng.randint(1, 3)
    times = sorted(rng.sample(range(first_ms, last_ms), n - 1)) + [last_ms]
    for ms in times:
        log.at(ms, pid, pid, "I", "lifelint", f"input.edited field={field_name} chars={rng.randint(1, 5000)}")


def lost_draft(log: Logcat, rng: random.Random, e: Expected) -> None:
    """SampleLogs/android-lost-draft.log without the camera app's lines.

    Saves only in onDestroy (first visit), then leaves with unsaved input (second visit);
    lmkd kills the cached process and the next cold start restores nothing.
    """
    pkg, pid, pid2 = e.app, rng.randint(3000, 9000), rng.randint(9001, 20000)
    save = rng.randint(15, 600)
    log.at(0, 1610, 1655, "I", "ActivityTaskManager",
           "START u0 {act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] "
           f"flg=0x10200000 cmp={pkg}/.EditorActivity}} from uid 10042")
    log.at(27, 1610, 1655, "I", "ActivityManager", start_proc(pkg, pid))
    app_info(log, 40, pid, e)
    log.at(408, pid, pid, "I", "wm_on_create_called", wm(pkg, 88412001, "performCreate", 41))
    log.at(422, pid, pid, "I", "wm_on_start_called", wm(pkg, 88412001, "handleStartActivity", 2))
    log.at(426, pid, pid, "I", "wm_on_resume_called", wm(pkg, 88412001, "RESUME_ACTIVITY", 1))
    log.at(437, pid, pid, "I", "wm_on_top_resumed_gained_called",
           wm(pkg, 88412001, "topStateChangedWhenResumed", None))
    log.at(451, pid, pid, "I", "lifelint", "screen.shown route=editor/note-17 restored=false")
    log.at(486, 1610, 1672, "I", "ActivityTaskManager", f"Displayed {pkg}/.EditorActivity for user 0: +459ms")
    t = rng.randint(10_000, 40_000)  # first visit: edits, then leave
    edits(log, rng, pid, 2_000, t, "title")
    log.at(t + 66, pid, pid + 33, "D", "OpenGLRenderer",
           "endAllStagingAnimators on 0x7b2c4a1e00 (RippleDrawable) with handle 0x7b1d3c2f80")
    t += 3_758
    log.at(t, pid, pid, "I", "wm_on_top_resumed_lost_called", wm(pkg, 88412001, "topStateChangedWhenResumed", None))
    log.at(t + 2, pid, pid, "I", "wm_on_paused_called", wm(pkg, 88412001, "performPause", 1))
    log.at(t + 258, pid, pid, "I", "wm_on_stop_called", wm(pkg, 88412001, "STOP_ACTIVITY_ITEM", 2))
    log.at(t + 266, pid, pid, "I", "wm_on_destroy_called", wm(pkg, 88412001, "performDestroy", 38))
    log.at(t + 267, pid, pid + 48, "I", "lifelint", "persist.begin key=draft bytes=412")
    log.at(t + 267 + save, pid, pid + 48, "I", "lifelint", "persist.end key=draft ok=true")
    t += 267 + save + rng.randint(5_000, 60_000)  # second visit, same process
    log.at(t, 1610, 1655, "I", "ActivityManager", f"START u0 {{cmp={pkg}/.EditorActivity}} from uid 10042")
    log.at(t + 19, pid, pid, "I", "wm_on_create_called", wm(pkg, 90133577, "performCreate", 22))
    log.at(t + 30, pid, pid, "I", "wm_on_start_called", wm(pkg, 90133577, "handleStartActivity", 1))
    log.at(t + 33, pid, pid, "I", "wm_on_resume_called", wm(pkg, 90133577, "RESUME_ACTIVITY", 1))
    log.at(t + 40, pid, pid, "I", "lifelint", "screen.shown route=editor/note-18 restored=false")
    last = t + rng.randint(10_000, 60_000)
    edits(log, rng, pid, t + 1_000, last)
    log.at(last + 1_868, pid, pid, "I", "wm_on_top_resumed_lost_called",
           wm(pkg, 90133577, "topStateChangedWhenResumed", None))
    log.at(last + 1_870, pid, pid, "I", "wm_on_paused_called", wm(pkg, 90133577, "performPause", 1))
    bg = last + 2_303
    log.at(bg, pid, pid, "I", "wm_on_stop_called", wm(pkg, 90133577, "STOP_ACTIVITY_ITEM", 3))
    log.at(bg + 1, pid, pid, "I", "lifelint", "state.saved bytes=2318")
    home(log, bg + 107)
    log.at(bg + 12_813, 1610, 1672, "D", "ActivityManager", f"freezing {pid} {pkg}")
    log.at(bg + 12_815, 1610, 1672, "D", "ActivityManager", f"froze {pid} {pkg}")
    kill = bg + rng.randint(5, 40) * 60_000 + rng.randint(0, 59_999)
    lmk_kill(log, kill, pkg, pid)
    log.at(kill + 30, 1610, 1672, "I", "ActivityManager", f"Process {pkg} (pid {pid}) has died: cch+15 CEM")
    t = kill + rng.randint(1, 20) * 60_000 + rng.randint(0, 59_999)  # the next cold start
    log.at(t, 1610, 1655, "I", "ActivityTaskManager", f"START u0 {{flg=0x10100000 cmp={pkg}/.EditorActivity}} from uid 10042")
    log.at(t + 13, 1610, 1655, "I", "ActivityManager", start_proc(pkg, pid2))
    log.at(t + 392, pid2, pid2, "I", "wm_on_create_called", wm(pkg, 90133577, "performCreate", 44))
    log.at(t + 404, pid2, pid2, "I", "wm_on_start_called", wm(pkg, 90133577, "handleStartActivity", 2))
    log.at(t + 408, pid2, pid2, "I", "wm_on_resume_called", wm(pkg, 90133577, "RESUME_ACTIVITY", 1))
    log.at(t + 422, pid2, pid2, "I", "lifelint", "screen.shown route=editor/new restored=false")
    log.at(t + 467, 1610, 1672, "I", "ActivityTaskManager", f"Displayed {pkg}/.EditorActivity for user 0: +467ms")
    log.at(t + 16_004, pid2, pid2, "I", "lifelint", f"input.edited field=body chars={rng.randint(1, 99)}")
    log.at(t + 28_472, pid2, pid2, "I", "wm_on_top_resumed_lost_called",
           wm(pkg, 90133577, "topStateChangedWhenResumed", None))
    e.background_entries = 2  # both stops; the trace ends before the last visit's stop
    e.save_ms = [save]  # the onDestroy save begins after the first background entry
    e.resync_missing = 2  # the app never resyncs: not on the second visit, not after the kill
    e.verdicts = ["lost"]
    e.deaths = {"low-memory": 1}
    e.findings = [
        ("save-in-on-destroy", "persist.begin key=draft bytes=412"),
        ("no-save-at-background",
         f"activity.stopped component={pkg}.EditorActivity token=90133577 reason=STOP_ACTIVITY_ITEM duration_ms=3"),
        ("state-lost-after-process-death", "screen.shown route=editor/new restored=false"),
    ]


def editor_launch(log: Logcat, pkg: str, pid: int, e: Expected, token: int, create_ms: int, route: str) -> None:
    """The cold start shared by the saved-on-pause, slow-flush and saved-on-stop samples."""
    log.at(0, 1610, 1655, "I", "ActivityManager", start_proc(pkg, pid))
    app_info(log, 20, pid, e)
    log.at(380, pid, pid, "I", "wm_on_create_called", wm(pkg, token, "performCreate", create_ms))
    log.at(392, pid, pid, "I", "wm_on_start_called", wm(pkg, token, "handleStartActivity", 2))
    log.at(396, pid, pid, "I", "wm_on_resume_called", wm(pkg, token, "RESUME_ACTIVITY", 1))
    log.at(450, pid, pid, "I", "lifelint", "sync.resync")
    log.at(470, pid, pid, "I", "lifelint", f"screen.shown route={route} restored=false")


def saved_on_pause(log: Logcat, rng: random.Random, e: Expected) -> None:
    """SampleLogs/android-draft-saved-on-pause.log: the save begins in onPause, before the
    background entry (onStop), so it is not a save 'after background'; then a system kill,
    by lmkd or by the activity manager ('killed')."""
    pkg, pid = e.app, rng.randint(3000, 20000)
    editor_launch(log, pkg, pid, e, 91133577, 38, "editor/note-21")
    pause = rng.randint(15_000, 60_000)
    edits(log, rng, pid, 1_000, pause - 7_000)
    log.at(pause, pid, pid, "I", "wm_on_paused_called", wm(pkg, 91133577, "performPause", 1))
    log.at(pause + 10, pid, pid, "I", "lifelint", "persist.begin key=draft bytes=1830")
    log.at(pause + 400, pid, pid, "I", "wm_on_stop_called", wm(pkg, 91133577, "STOP_ACTIVITY_ITEM", 3))
    log.at(pause + 410, pid, pid, "I", "lifelint", "state.saved bytes=2318")
    end = pause + 10 + rng.randint(450, 900)
    log.at(end, pid, pid, "I", "lifelint", "persist.end key=draft ok=true")
    home(log, end + 70)
    kill = end + rng.randint(1_300, 600_000)
    reason = rng.choice(("low-memory", "killed"))
    if reason == "low-memory":
        lmk_kill(log, kill, pkg, pid)
    else:  # as in SampleLogs/flutter-android-lost-entry.log
        log.at(kill, 1610, 1672, "I", "ActivityManager",
               f"Killing {pid}:{pkg}/u0a187 (adj 905): empty for {rng.randint(60, 1800)}s")
    e.background_entries = 1
    e.verdicts = ["saved"]
    e.deaths = {reason: 1}


def slow_flush(log: Logcat, rng: random.Random, e: Expected) -> None:
    """SampleLogs/android-slow-flush.log: a save begun in the background takes longer than
    the grace window (5.5 s to 9.5 s; the sample's took 7.15 s). No death, so no verdict."""
    pkg, pid = e.app, rng.randint(3000, 20000)
    key = FLUSH_KEYS[e.version]
    editor_launch(log, pkg, pid, e, 90133577, 38, "editor/note-3")
    pause = rng.randint(15_000, 60_000)
    edits(log, rng, pid, 1_000, pause - 10_000)
    log.at(pause, pid, pid, "I", "wm_on_paused_called", wm(pkg, 90133577, "performPause", 1))
    bg = pause + 400
    log.at(bg, pid, pid, "I", "wm_on_stop_called", wm(pkg, 90133577, "STOP_ACTIVITY_ITEM", 3))
    save = rng.randint(GRACE_WINDOW_MS + 500, GRACE_WINDOW_MS + 4_500)
    log.at(bg + 50, pid, pid, "I", "lifelint", f"persist.begin key={key} bytes=48000000")
    log.at(bg + 50 + save, pid, pid, "I", "lifelint", f"persist.end key={key} ok=true")
    home(log, bg + 50 + save + 400)
    e.background_entries = 1
    e.save_ms = [save]
    e.findings = [("flush-overruns-grace-window", f"persist.begin key={key} bytes=48000000")]


def saved_on_stop(log: Logcat, rng: random.Random, e: Expected) -> None:
    """SampleLogs/android-draft-saved-on-stop.log: saves in onStop twice, is killed by lmkd
    between the visits and restores its state; resyncs (auth.refresh, sync.resync) after
    each return to the foreground."""
    pkg, pid, pid2 = e.app, rng.randint(3000, 9000), rng.randint(9001, 20000)
    save1, save2 = rng.randint(50, 1_500), rng.randint(50, 1_500)
    resync1, resync2 = rng.randint(3, 40), rng.randint(5, 300)
    log.at(0, 1610, 1655, "I", "ActivityManager", start_proc(pkg, pid))
    app_info(log, 20, pid, e)
    log.at(380, pid, pid, "I", "wm_on_create_called", wm(pkg, 90133577, "performCreate", 38))
    log.at(392, pid, pid, "I", "wm_on_start_called", wm(pkg, 90133577, "handleStartActivity", 2))
    log.at(396, pid, pid, "I", "wm_on_resume_called", wm(pkg, 90133577, "RESUME_ACTIVITY", 1))
    log.at(400, pid, pid, "I", "lifelint", "auth.refresh")
    log.at(450, pid, pid, "I", "lifelint", "sync.resync")
    log.at(470, pid, pid, "I", "lifelint", "screen.shown route=editor/note-17 restored=false")
    pause = rng.randint(12_000, 60_000)
    edits(log, rng, pid, 1_000, pause - 3_000)
    log.at(pause, pid, pid, "I", "wm_on_paused_called", wm(pkg, 90133577, "performPause", 1))
    bg = pause + 400
    log.at(bg, pid, pid, "I", "wm_on_stop_called", wm(pkg, 90133577, "STOP_ACTIVITY_ITEM", 3))
    log.at(bg + 10, pid, pid, "I", "lifelint", "state.saved bytes=2318")
    log.at(bg + 20, pid, pid, "I", "lifelint", "persist.begin key=draft bytes=1830")
    log.at(bg + 20 + save1, pid, pid, "I", "lifelint", "persist.end key=draft ok=true")
    home(log, bg + 20 + save1 + 70)
    kill = bg + rng.randint(2, 30) * 60_000
    lmk_kill(log, kill, pkg, pid)
    t = kill + rng.randint(1, 20) * 60_000  # cold start that restores
    log.at(t, 1610, 1655, "I", "ActivityManager", start_proc(pkg, pid2))
    log.at(t + 380, pid2, pid2, "I", "wm_on_create_called", wm(pkg, 90133577, "performCreate", 44))
    log.at(t + 390, pid2, pid2, "I", "lifelint", "state.restored bytes=2318")
    log.at(t + 395, pid2, pid2, "I", "lifelint", "nav.restored route=editor/note-17")
    log.at(t + 400, pid2, pid2, "I", "wm_on_start_called", wm(pkg, 90133577, "handleStartActivity", 2))
    resume = t + 404
    log.at(resume, pid2, pid2, "I", "wm_on_resume_called", wm(pkg, 90133577, "RESUME_ACTIVITY", 1))
    log.at(resume + resync1, pid2, pid2, "I", "lifelint", "auth.refresh")
    log.at(resume + resync1 + 40, pid2, pid2, "I", "lifelint", "sync.resync")
    log.at(resume + resync1 + 90, pid2, pid2, "I", "lifelint", "screen.shown route=editor/note-17 restored=true")
    pause = resume + rng.randint(20_000, 60_000)
    edits(log, rng, pid2, resume + 1_000, pause - 5_000)
    log.at(pause, pid2, pid2, "I", "wm_on_paused_called", wm(pkg, 90133577, "performPause", 1))
    bg = pause + 400
    log.at(bg, pid2, pid2, "I", "wm_on_stop_called", wm(pkg, 90133577, "STOP_ACTIVITY_ITEM", 3))
    log.at(bg + 20, pid2, pid2, "I", "lifelint", "persist.begin key=draft bytes=1850")
    log.at(bg + 20 + save2, pid2, pid2, "I", "lifelint", "persist.end key=draft ok=true")
    t = bg + 20 + save2 + rng.randint(10_000, 300_000)  # back from the background, warm
    log.at(t, pid2, pid2, "I", "wm_on_restart_called", wm(pkg, 90133577, "performRestartActivity", 0))
    log.at(t + 4, pid2, pid2, "I", "wm_on_start_called", wm(pkg, 90133577, "handleStartActivity", 1))
    resume = t + 8
    log.at(resume, pid2, pid2, "I", "wm_on_resume_called", wm(pkg, 90133577, "RESUME_ACTIVITY", 1))
    log.at(resume + resync2, pid2, pid2, "I", "lifelint", "sync.resync")
    home(log, resume + 10_000)
    e.background_entries = 2
    e.save_ms = sorted([save1, save2])
    e.resync_ms = sorted([resync1, resync2])  # from each onResume after the background
    e.verdicts = ["saved"]
    e.deaths = {"low-memory": 1}


def ws_probe(log: Logcat, rng: random.Random, e: Expected) -> None:
    """SampleLogs/rn-websocket-probe-and-catch-up.log: three trips to the background; after
    each of the first two returns the app probes its socket (the first resync)."""
    pkg, pid = e.app, rng.randint(3000, 20000)
    probe1, probe2 = rng.randint(50, 900), rng.randint(50, 900)

    def ev(ms: int, msg: str) -> None:
        log.at(ms, pid, pid, "I", "lifelint", msg)

    log.at(0, 1610, 1655, "I", "ActivityManager",
           f"Start proc {pid}:{pkg}/u0a187 for top-activity {{{pkg}/{pkg}.MainActivity}}")
    app_info(log, 20, pid, e)
    ev(500, "appstate.active")
    ev(600, "sync.resync")
    ev(700, "socket.open url=wss://chat.example.com/live")
    t = rng.randint(30_000, 120_000)
    ev(t, "appstate.background")
    t += rng.randint(60_000, 1_200_000)
    ev(t, "appstate.active")
    ev(t + probe1, "socket.probe")
    ev(t + probe1 + 200, "socket.pong rtt_ms=180")
    ev(t + probe1 + 400, "socket.send type=message id=m-1201")
    t += probe1 + rng.randint(10_000, 60_000)
    ev(t, "appstate.background")
    t += rng.randint(600_000, 3_600_000)
    ev(t, "appstate.active")
    ev(t + probe2, "socket.probe")
    ev(t + probe2 + 5_000, "socket.probe-timeout")
    ev(t + probe2 + 5_010, "socket.close reason=probe-timeout")
    ev(t + probe2 + 5_100, "socket.open url=wss://chat.example.com/live")
    ev(t + probe2 + 5_500, "sync.catchup since=m-1201")
    ev(t + probe2 + 5_900, "socket.send type=message id=m-1202")
    ev(t + probe2 + rng.randint(30_000, 120_000), "appstate.background")
    e.background_entries = 3
    e.resync_ms = sorted([probe1, probe2])


def swiped_restored(log: Logcat, rng: random.Random, e: Expected) -> None:
    """SampleLogs/android-swiped-away-restored.log: the user swipes the app away from recents
    ('remove task', a death by the user) and the next cold start restores the screen anyway.
    No input is reported, so the verdict is no-evidence; a user kill is not a system kill,
    so the return is not a 'return to the foreground' for the resync metric."""
    pkg, pid, pid2, act = e.app, rng.randint(3000, 9000), rng.randint(9001, 20000), "CartActivity"
    log.at(0, 1610, 1655, "I", "ActivityManager", start_proc(pkg, pid, act))
    app_info(log, 20, pid, e)
    log.at(380, pid, pid, "I", "wm_on_create_called", wm(pkg, 90133577, "performCreate", 38, act))
    log.at(392, pid, pid, "I", "wm_on_start_called", wm(pkg, 90133577, "handleStartActivity", 2, act))
    log.at(396, pid, pid, "I", "wm_on_resume_called", wm(pkg, 90133577, "RESUME_ACTIVITY", 1, act))
    log.at(400, pid, pid, "I", "lifelint", "sync.resync")
    log.at(500, pid, pid, "I", "lifelint", "screen.shown route=cart restored=false")
    pause = rng.randint(10_000, 120_000)
    log.at(pause, pid, pid, "I", "wm_on_paused_called", wm(pkg, 90133577, "performPause", 1, act))
    log.at(pause + 400, pid, pid, "I", "wm_on_stop_called", wm(pkg, 90133577, "STOP_ACTIVITY_ITEM", 3, act))
    log.at(pause + 410, pid, pid, "I", "lifelint", "state.saved bytes=1200")
    kill = pause + 400 + rng.randint(1_000, 30_000)
    log.at(kill, 1610, 1672, "I", "ActivityManager", f"Killing {pid}:{pkg}/u0a187 (adj 905): remove task")
    t = kill + rng.randint(10_000, 1_800_000)
    log.at(t, 1610, 1655, "I", "ActivityManager", start_proc(pkg, pid2, act))
    log.at(t + 380, pid2, pid2, "I", "wm_on_create_called", wm(pkg, 90133577, "performCreate", 40, act))
    log.at(t + 390, pid2, pid2, "I", "lifelint", "nav.restored route=cart")
    log.at(t + 400, pid2, pid2, "I", "wm_on_start_called", wm(pkg, 90133577, "handleStartActivity", 2, act))
    log.at(t + 404, pid2, pid2, "I", "wm_on_resume_called", wm(pkg, 90133577, "RESUME_ACTIVITY", 1, act))
    log.at(t + 410, pid2, pid2, "I", "lifelint", "sync.resync")
    log.at(t + 450, pid2, pid2, "I", "lifelint", "screen.shown route=cart restored=true")
    e.background_entries = 1
    e.verdicts = ["no-evidence"]
    e.deaths = {"user": 1}
    e.findings = [("restored-after-user-dismissal", "nav.restored route=cart")]


def slow_callbacks(log: Logcat, rng: random.Random, e: Expected) -> None:
    """SampleLogs/android-slow-callbacks.log: onPause and onStop over the 100 ms budget, then
    an ANR while in the background: three slow-lifecycle-callback findings, no death."""
    pkg, pid, act = e.app, rng.randint(3000, 20000), "PlayerActivity"
    log.at(0, 1610, 1655, "I", "ActivityManager", start_proc(pkg, pid, act))
    app_info(log, 20, pid, e)
    log.at(380, pid, pid, "I", "wm_on_create_called", wm(pkg, 90133577, "performCreate", 38, act))
    log.at(392, pid, pid, "I", "wm_on_start_called", wm(pkg, 90133577, "handleStartActivity", 2, act))
    log.at(396, pid, pid, "I", "wm_on_resume_called", wm(pkg, 90133577, "RESUME_ACTIVITY", 1, act))
    log.at(400, pid, pid, "I", "lifelint", "sync.resync")
    pause = rng.randint(10_000, 120_000)
    log.at(pause, pid, pid, "I", "wm_on_paused_called", wm(pkg, 90133577, "performPause", 250, act))
    log.at(pause + 400, pid, pid, "I", "wm_on_stop_called", wm(pkg, 90133577, "STOP_ACTIVITY_ITEM", 420, act))
    anr = pause + 10_000
    log.at(anr, 1610, 1672, "I", "am_anr  ",
           f"[0,{pid},{pkg},952745541,Input dispatching timed out (Waiting to send non-key event because the "
           "touched window has not finished processing certain input events)]")
    log.at(anr + 300, 1610, 1672, "E", "ActivityManager", f"ANR in {pkg} ({pkg}/.{act})")
    e.background_entries = 1
    e.findings = [
        ("slow-lifecycle-callback", f"activity.paused {pkg}.{act} duration_ms=250"),
        ("slow-lifecycle-callback", f"activity.stopped {pkg}.{act} duration_ms=420"),
        ("slow-lifecycle-callback", "evidence.anr detail=Input dispatching timed out (Waiting to send ...)"),
    ]


SCENARIOS = {
    "lost-draft": lost_draft,
    "saved-on-pause": saved_on_pause,
    "slow-flush": slow_flush,
    "saved-on-stop": saved_on_stop,
    "ws-probe": ws_probe,
    "swiped-restored": swiped_restored,
    "slow-callbacks": slow_callbacks,
}
# Not every app can end up in every scenario: only the shop-like apps restore a cart
# after a swipe, only one has the slow player screen. So rules differ in apps affected.
APP_SCENARIOS = {
    "com.example.notes": {"lost-draft", "saved-on-pause", "slow-flush", "saved-on-stop", "ws-probe"},
    "com.acme.journal": {"lost-draft", "saved-on-pause", "slow-flush", "saved-on-stop", "ws-probe", "swiped-restored"},
    "org.sample.memo": {"lost-draft", "saved-on-pause", "slow-flush", "saved-on-stop", "ws-probe",
                        "swiped-restored", "slow-callbacks"},
}


def make_trace(rng: random.Random) -> tuple[str, Expected]:
    """One trace: pick app, version and scenario, then a start time (Jan-Nov, 07:00-17:59,
    so no trace crosses midnight or the year's end)."""
    app = rng.choice(APPS)
    version = rng.choice(sorted(VERSIONS))
    weights = {s: w for s, w in SCENARIO_WEIGHTS[version].items() if s in APP_SCENARIOS[app]}
    scenario = rng.choices(list(weights), weights=list(weights.values()))[0]
    start = dt.datetime(YEAR, rng.randint(1, 11), rng.randint(1, 28), rng.randint(7, 17),
                        rng.randint(0, 59), rng.randint(0, 59), rng.randint(0, 999) * 1000)
    e = Expected(scenario=scenario, app=app, version=version, build=VERSIONS[version])
    log = Logcat(start)
    SCENARIOS[scenario](log, rng, e)
    return log.text(), e


def nearest_rank(values: list[int], fraction: float) -> int | None:
    """lifelint's percentile: the smallest value with at least that fraction at or below it,
    ceil(fraction * n)-th of the sorted values, computed in integers (p is 50 or 95)."""
    if not values:
        return None
    ordered = sorted(values)
    pct = round(fraction * 100)
    rank = max(1, -(-pct * len(ordered) // 100))
    return ordered[rank - 1]


def durations(values: list[int]) -> dict:
    ordered = sorted(values)
    return {"count": len(ordered), "p50Ms": nearest_rank(ordered, 0.50), "p95Ms": nearest_rank(ordered, 0.95),
            "maxMs": ordered[-1] if ordered else None, "durationsMs": ordered}


def per_trace_answer(e: Expected) -> dict:
    return {
        "scenario": e.scenario, "app": e.app, "appVersion": e.version, "appBuild": e.build,
        "backgroundEntries": e.background_entries, "verdicts": sorted(e.verdicts),
        "savesAfterBackground": durations(e.save_ms),
        "resyncAfterForeground": {**durations(e.resync_ms), "missing": e.resync_missing},
        "processDeaths": dict(sorted(e.deaths.items())),
        "findings": [{"rule": rule, "event": content} for rule, content in e.findings],  # in line order
    }


def by_app_version(expected: list[Expected]) -> list[dict]:
    groups: dict[tuple[str, str], list[Expected]] = defaultdict(list)
    for e in expected:
        groups[(e.app, e.version)].append(e)
    rows = []
    for (app, version), es in sorted(groups.items()):
        entries = sum(e.background_entries for e in es)
        lost = sum(e.verdicts.count("lost") for e in es)
        deaths: Counter[str] = Counter()
        for e in es:
            deaths.update(e.deaths)
        rows.append({
            "app": app, "appVersion": version, "traces": len(es), "backgroundEntries": entries,
            "lostVerdicts": lost, "lostPer1000BackgroundEntries": 1000 * lost / entries if entries else None,
            "savesAfterBackground": durations([ms for e in es for ms in e.save_ms]),
            "resyncAfterForeground": {**durations([ms for e in es for ms in e.resync_ms]),
                                      "missing": sum(e.resync_missing for e in es)},
            "processDeaths": dict(sorted(deaths.items())),
        })
    return rows


def by_rule(expected: list[Expected]) -> list[dict]:
    count: Counter[str] = Counter()
    apps: dict[str, set[str]] = defaultdict(set)
    for e in expected:
        for rule, _ in e.findings:
            count[rule] += 1
            apps[rule].add(e.app)
    return [{"rule": r, "findings": count[r], "appsAffected": len(apps[r]), "apps": sorted(apps[r])}
            for r in sorted(count)]


def new_findings(expected: list[Expected], baseline: str, version: str) -> list[dict]:
    """Findings (by identity, i.e. fingerprint) seen under `version` and never under
    `baseline`, with how often they occur under `version`."""
    def identities(v: str) -> Counter:
        return Counter((e.app, rule, content) for e in expected if e.version == v for rule, content in e.findings)

    old, new = identities(baseline), identities(version)
    return [{"app": app, "rule": rule, "event": content, "occurrences": n}
            for (app, rule, content), n in sorted(new.items()) if (app, rule, content) not in old]


def answers(expected: list[Expected], names: list[str], seed: int) -> dict:
    deaths: Counter[str] = Counter()
    for e in expected:
        deaths.update(e.deaths)
    return {
        "seed": seed, "traces": len(expected), "year": YEAR,
        "baselineVersion": BASELINE_VERSION, "newVersion": NEW_VERSION,
        "byAppVersion": by_app_version(expected),
        "processDeathsByReason": dict(sorted(deaths.items())),
        "rules": by_rule(expected),
        "newFindings": new_findings(expected, BASELINE_VERSION, NEW_VERSION),
        "perTrace": {name: per_trace_answer(e) for name, e in zip(names, expected)},
    }


def generate(n: int, out: Path, seed: int) -> dict:
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    names, expected = [], []
    for i in range(n):
        text, e = make_trace(rng)
        name = f"trace-{i:05d}.log"
        (out / name).write_text(text)
        names.append(name)
        expected.append(e)
    result = answers(expected, names, seed)
    (out / "answers.json").write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--traces", type=int, required=True, help="how many traces to write")
    parser.add_argument("--out", type=Path, required=True, help="folder for the traces and answers.json")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1): same seed, same fleet")
    args = parser.parse_args()
    if args.traces < 1:
        parser.error("--traces must be at least 1")
    result = generate(args.traces, args.out, args.seed)
    print(f"wrote {result['traces']} traces and answers.json to {args.out}")


if __name__ == "__main__":
    main()
