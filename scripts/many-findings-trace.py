#!/usr/bin/env python3
"""Writes a logcat trace of N apps, each with one finding and one verdict.

Each app starts, is resumed, reports input (`lifelint: input.edited`), pauses, stops, and is
killed by lmkd 8 s later without having saved: `no-save-at-background` fires once per app and
its verdict is "the user's input was lost". Every episode waits for the end of the trace (the
app never starts again), so the run holds one pending verdict per app. Lines are in time order.

    scripts/many-findings-trace.py 200000 /tmp/many-findings.log   # 158 MB, 1.2 M lines
    /usr/bin/time -f "%e s %M KB" lifelint --no-config --year 2024 /tmp/many-findings.log
"""
import sys

KILL_LAG = 800  # apps started between an app's stop and its kill (8 s at 10 ms per app)


def clock(milliseconds):
    seconds, millis = divmod(milliseconds, 1000)
    return "01-08 %02d:%02d:%02d.%03d" % (seconds // 3600 % 24, seconds // 60 % 60, seconds % 60, millis)


def main(count, path):
    with open(path, "w") as out:
        def kill(index):
            app, pid = "com.ex.a%d" % index, 10000 + index
            out.write("%s   577   577 I lowmemorykiller: Kill '%s' (%d), uid 10187, oom_score_adj 905 to free 88312kB rss, "
                      "10240kB swap; reason: low watermark is breached\n" % (clock(index * 10 + 8005), app, pid))

        for index in range(count):
            app, pid, start = "com.ex.a%d" % index, 10000 + index, index * 10
            if index > KILL_LAG:
                kill(index - KILL_LAG - 1)
            component = "Component Name=%s.Main" % app
            out.write("%s  1610  1655 I ActivityManager: Start proc %d:%s/u0a187 for top-activity {%s/%s.Main}\n" % (clock(start), pid, app, app, app))
            out.write("%s %5d %5d I wm_on_resume_called: [Token=1,%s,Reason=RESUME_ACTIVITY,time=1ms]\n" % (clock(start + 1), pid, pid, component))
            out.write("%s %5d %5d I lifelint: input.edited field=body chars=9\n" % (clock(start + 2), pid, pid))
            out.write("%s %5d %5d I wm_on_paused_called: [Token=1,%s,Reason=performPause,time=1ms]\n" % (clock(start + 3), pid, pid, component))
            out.write("%s %5d %5d I wm_on_stop_called: [Token=1,%s,Reason=STOP_ACTIVITY_ITEM,time=2ms]\n" % (clock(start + 4), pid, pid, component))
        for index in range(max(0, count - KILL_LAG - 1), count):
            kill(index)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: many-findings-trace.py APPS OUTPUT")
    main(int(sys.argv[1]), sys.argv[2])
