#!/usr/bin/env python3
"""Makes the tombstone fixtures: protobuf tombstones encoded from AOSP's
system/core/debuggerd/proto/tombstone.proto by hand (no protobuf library, so
the encoder is independent of lifelint's reader), and a bugreport zip holding
a native crash as its logcat, its text tombstone and their protobuf twins.

Usage: python3 make.py   (writes the files beside this script)
"""
import os
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def varint(n):
    """Unsigned LEB128; a negative int32 is written as ten bytes, as protobuf does."""
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | 0x80 if n else b)
        if not n:
            return bytes(out)


def f_varint(field, value):
    return varint(field << 3) + varint(value)


def f_bytes(field, data):
    if isinstance(data, str):
        data = data.encode()
    return varint(field << 3 | 2) + varint(len(data)) + data


# Tombstone: arch 1, build_fingerprint 2, revision 3, timestamp 4, pid 5, tid 6,
# uid 7, selinux_label 8, command_line 9, signal_info 10, abort_message 14,
# causes 15, threads 16 (map<uint32, Thread>), process_uptime 20.
# Signal: number 1, name 2, code 3, code_name 4, has_fault_address 8, fault_address 9.
# Cause: human_readable 1. Thread: id 1, name 2. Architecture: ARM64 1, X86_64 3.
def tombstone(pid, tid, uid, process, thread, timestamp, signal, signal_name, code, code_name, cause=None, abort=None):
    body = f_varint(1, 3)
    body += f_bytes(2, "google/sdk_gphone64_x86_64/emu64xa:14/UE1A.230829.036/10656329:userdebug/dev-keys")
    body += f_bytes(3, "0")
    body += f_bytes(4, timestamp)
    body += f_varint(5, pid) + f_varint(6, tid) + f_varint(7, uid)
    body += f_bytes(8, "u:r:untrusted_app:s0:c187,c256,c512,c768")
    body += f_bytes(9, process)
    signal_info = f_varint(1, signal) + f_bytes(2, signal_name) + f_varint(3, code) + f_bytes(4, code_name)
    signal_info += f_varint(8, 1) + f_varint(9, 0x10)
    body += f_bytes(10, signal_info)
    if abort:
        body += f_bytes(14, abort)
    if cause:
        body += f_bytes(15, f_bytes(1, cause))
    for thread_id, name in [(pid, process[-15:]), (tid, thread)]:
        body += f_bytes(16, f_varint(1, thread_id) + f_bytes(2, f_varint(1, thread_id) + f_bytes(2, name)))
    body += f_varint(20, 3)
    return body


CAMERA = tombstone(3911, 3911, 10190, "com.example.camera", "xample.camera", "2024-01-08 09:20:11.403118293+0100",
                   11, "SIGSEGV", 1, "SEGV_MAPERR", cause="null pointer dereference")
MAPS = tombstone(5120, 5188, 10201, "com.example.maps:tiles", "TileDecoder", "2024-01-08 09:31:40.125000000+0100",
                 6, "SIGABRT", -1, "SI_QUEUE", abort="tile cache corrupt")

CAMERA_TEXT = """*** *** *** *** *** *** *** *** *** *** *** *** *** *** *** ***
Build fingerprint: 'google/sdk_gphone64_x86_64/emu64xa:14/UE1A.230829.036/10656329:userdebug/dev-keys'
Revision: '0'
ABI: 'x86_64'
Timestamp: 2024-01-08 09:20:11.403118293+0100
Process uptime: 3s
Cmdline: com.example.camera
pid: 3911, tid: 3911, name: xample.camera  >>> com.example.camera <<<
uid: 10190
signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0000000000000010
Cause: null pointer dereference
    rax 0000000000000000  rbx 00007b2c4a1e0010  rcx 0000000000000001  rdx 0000000000000000
    rip 00007b1d3c2f8a10  rbp 00007ffd6a885000  rsp 00007ffd6a884f80

3 total frames
backtrace:
      #00 pc 0000000000018a10  /data/app/~~Qz1/com.example.camera-Ab3/lib/x86_64/libcapture.so (Frame::copy()+32)
      #01 pc 0000000000019b24  /data/app/~~Qz1/com.example.camera-Ab3/lib/x86_64/libcapture.so (Session::onFrame()+84)
      #02 pc 00000000000d1f30  /apex/com.android.runtime/lib64/bionic/libc.so (__start_thread+64)
"""

MAIN_ENTRY = "bugreport-sdk_gphone64-UE1A.230829.036-2024-01-08-09-53-00.txt"
LOGCAT = """01-08 09:19:02.114  1000  1610  1655 I ActivityManager: Start proc 3911:com.example.camera/u0a190 for top-activity {com.example.camera/com.example.camera.CaptureActivity}
01-08 09:19:02.402 u0a190  3911  3911 I wm_on_create_called: [Token=51120093,Component Name=com.example.camera.CaptureActivity,Reason=performCreate,time=38ms]
01-08 09:19:02.415 u0a190  3911  3911 I wm_on_start_called: [Token=51120093,Component Name=com.example.camera.CaptureActivity,Reason=handleStartActivity,time=2ms]
01-08 09:19:02.419 u0a190  3911  3911 I wm_on_resume_called: [Token=51120093,Component Name=com.example.camera.CaptureActivity,Reason=RESUME_ACTIVITY,time=1ms]
01-08 09:20:11.398 u0a190  3911  3911 F libc    : Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x10 in tid 3911 (xample.camera), pid 3911 (xample.camera)
01-08 09:20:11.452   root  3980  3980 I crash_dump64: obtaining output fd from tombstoned, type: kDebuggerdTombstoneProto
01-08 09:20:11.453   1058   470   470 I tombstoned: received crash request for pid 3911
01-08 09:20:11.455   root  3980  3980 I crash_dump64: performing dump of process 3911 (target tid = 3911)
01-08 09:20:11.611   1058   470   470 E tombstoned: Tombstone written to: tombstone_00
01-08 09:20:11.702   1000  1610  4012 W ActivityTaskManager:   Force finishing activity com.example.camera/.CaptureActivity
01-08 09:20:11.731   root   612   612 I Zygote  : Process 3911 exited due to signal 11 (Segmentation fault)
01-08 09:20:11.744   1000  1610  1690 I ActivityManager: Process com.example.camera (pid 3911) has died: fg  TOP
"""

MAIN_TEXT = """========================================================
== dumpstate: 2024-01-08 09:53:00
========================================================

Build: UE1A.230829.036
------ SYSTEM LOG (logcat -v threadtime -v printable -v uid -d *:v) ------
--------- beginning of main
""" + LOGCAT + """------ 0.210s was the duration of 'SYSTEM LOG' ------
"""


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as handle:
        handle.write(data)


def main():
    write("camera.pb", CAMERA)
    # Cut inside the signal's message: the reader must say where the tombstone breaks.
    cut = CAMERA.index(b"SIGSEGV") + 3
    write("camera-truncated.pb", CAMERA[:cut])
    with zipfile.ZipFile(os.path.join(HERE, "bugreport-native-crash.zip"), "w", zipfile.ZIP_DEFLATED) as archive:
        def add(name, data):
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 8, 9, 53, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
        add("main_entry.txt", MAIN_ENTRY)
        add(MAIN_ENTRY, MAIN_TEXT)
        add("FS/data/tombstones/tombstone_00", CAMERA_TEXT)
        add("FS/data/tombstones/tombstone_00.pb", CAMERA)
        add("FS/data/tombstones/tombstone_01.pb", MAPS)


if __name__ == "__main__":
    main()
