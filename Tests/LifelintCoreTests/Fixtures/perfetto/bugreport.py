#!/usr/bin/env python3
"""Writes bugreport-with-trace.zip: a bugreport whose main text holds the demo scenario's logcat
(encode.py demo) as the device printed it, in its local time (UTC+1), with the events buffer's
activity callbacks; and, as dumpstate attaches it, the demo trace with the device's UTC offset in
its SystemInfo (FS/data/misc/perfetto-traces/bugreport/systrace.pftrace).

Usage: python3 bugreport.py   (writes the zip beside this script)
"""
import os
import zipfile

import encode

HERE = os.path.dirname(os.path.abspath(__file__))
MAIN_ENTRY = 'bugreport-husky-AP1A.240305.019-2025-08-12-13-01-00.txt'

# The demo's instants (ms after its start, 2025-08-12 12:00:00 UTC) in the device's local time.
LOGCAT = """08-12 13:00:01.000  1000  1500  1620 I ActivityTaskManager: START u0 {act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10200000 cmp=com.example.notes/.MainActivity} from uid 10045
08-12 13:00:01.012  1000  1500  1620 I am_proc_start: [0,4321,10123,com.example.notes,next-top-activity,{com.example.notes/com.example.notes.MainActivity}]
08-12 13:00:01.012  1000  1500  1620 I ActivityManager: Start proc 4321:com.example.notes/u0a123 for next-top-activity {com.example.notes/com.example.notes.MainActivity}
08-12 13:00:01.178 u0a123  4321  4321 I wm_on_create_called: [81234567,com.example.notes.MainActivity,performCreate,38]
08-12 13:00:01.180 u0a123  4321  4321 I wm_on_start_called: [81234567,com.example.notes.MainActivity,handleStartActivity,2]
08-12 13:00:01.200 u0a123  4321  4321 I wm_on_resume_called: [81234567,com.example.notes.MainActivity,RESUME_ACTIVITY,15]
08-12 13:00:01.250  1000  1500  1620 I ActivityTaskManager: Displayed com.example.notes/.MainActivity for user 0: +250ms
08-12 13:00:06.025 u0a123  4321  4321 I wm_on_paused_called: [81234567,com.example.notes.MainActivity,performPause,15]
08-12 13:00:06.530 u0a123  4321  4321 I wm_on_stop_called: [81234567,com.example.notes.MainActivity,STOP_ACTIVITY_ITEM,30]
08-12 13:00:40.100  1069   700   700 I lowmemorykiller: Kill 'com.example.notes' (4321), uid 10123, oom_score_adj 905 to free 85432kB rss, 20480kB swap; reason: low watermark is breached and swap is low
08-12 13:00:40.030  1000  1500  1620 I am_proc_died: [0,4321,com.example.notes,905,19]
08-12 13:00:40.030  1000  1500  1620 I ActivityManager: Process com.example.notes (pid 4321) has died: cch+5 CEM
"""

MAIN_TEXT = """========================================================
== dumpstate: 2025-08-12 13:01:00
========================================================

Build: AP1A.240305.019
------ SYSTEM LOG (logcat -v threadtime -v printable -v uid -d *:v) ------
--------- beginning of main
""" + LOGCAT + """------ 0.120s was the duration of 'SYSTEM LOG' ------
"""


def main():
    trace = encode.trace(encode.demo_packets(timezone=60))
    with zipfile.ZipFile(os.path.join(HERE, 'bugreport-with-trace.zip'), 'w', zipfile.ZIP_DEFLATED) as archive:
        def add(name, data):
            info = zipfile.ZipInfo(name, date_time=(2025, 8, 12, 13, 1, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
        add('main_entry.txt', MAIN_ENTRY)
        add(MAIN_ENTRY, MAIN_TEXT)
        add('FS/data/misc/perfetto-traces/bugreport/systrace.pftrace', trace)


if __name__ == '__main__':
    main()
