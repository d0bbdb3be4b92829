#!/usr/bin/env python3
"""Standalone Perfetto protobuf trace encoder for lifelint test data.

No protobuf library: the wire format (varint / zigzag / length-delimited /
fixed64 / fixed32) is written by hand. Field numbers come from
google/perfetto @ ec5d16b14b743ba6063d720956d6d6af6610fd72 (see FIELDS.md).

Every builder returns the *serialized body* of a message (bytes). A TracePacket
is framed into a Trace with `trace([...])` (field 1, length-delimited).

Usage:
  python3 encode.py demo out.perfetto-trace [--gzip] [--compress]
        [--truncate [FRACTION]] [--cut-gzip] [--malformed {varint,length,inner}]
        [--lmk {instant,slice,counter,none}] [--fw-lifecycle]
"""
import argparse
import re
import gzip
import struct
import sys
import zlib

# ----------------------------------------------------------------- wire format
WT_VARINT, WT_FIXED64, WT_LEN, WT_FIXED32 = 0, 1, 2, 5


def varint(n):
    """Unsigned LEB128. Negative ints become 10-byte two's complement, which is
    how protobuf encodes negative int32/int64 (NOT zigzag)."""
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def zigzag(n):
    return (n << 1) ^ (n >> 63)  # sint32/sint64


def key(field, wt):
    return varint((field << 3) | wt)


def f_varint(field, v):
    return key(field, WT_VARINT) + varint(int(v))


def f_bool(field, v):
    return f_varint(field, 1 if v else 0)


def f_sint(field, v):
    return key(field, WT_VARINT) + varint(zigzag(int(v)))


def f_fixed64(field, v):
    return key(field, WT_FIXED64) + struct.pack('<Q', v & ((1 << 64) - 1))


def f_fixed32(field, v):
    return key(field, WT_FIXED32) + struct.pack('<I', v & 0xFFFFFFFF)


def f_double(field, v):
    return key(field, WT_FIXED64) + struct.pack('<d', v)


def f_float(field, v):
    return key(field, WT_FIXED32) + struct.pack('<f', v)


def f_bytes(field, b):
    return key(field, WT_LEN) + varint(len(b)) + b


def f_str(field, s):
    return f_bytes(field, s.encode('utf-8'))


def f_msg(field, *parts):
    return f_bytes(field, b''.join(parts))


def f_packed_varints(field, values):
    return f_bytes(field, b''.join(varint(v) for v in values))


def opt(fn, field, v):
    """Emit only if v is not None (proto2 optional)."""
    return b'' if v is None else fn(field, v)


# ------------------------------------------------------------------ constants
# BuiltinClock (protos/perfetto/common/builtin_clock.proto)
REALTIME, REALTIME_COARSE, MONOTONIC, MONOTONIC_COARSE, MONOTONIC_RAW, BOOTTIME = 1, 2, 3, 4, 5, 6
TSC, PERF, TRACE_FILE = 9, 10, 11
# SequenceFlags
SEQ_INCREMENTAL_STATE_CLEARED, SEQ_NEEDS_INCREMENTAL_STATE = 1, 2
# AndroidLogId / AndroidLogPriority (protos/perfetto/common/android_log_constants.proto)
LID_DEFAULT, LID_RADIO, LID_EVENTS, LID_SYSTEM, LID_CRASH, LID_STATS, LID_SECURITY, LID_KERNEL = range(8)
PRIO_UNSPECIFIED, PRIO_UNUSED, PRIO_VERBOSE, PRIO_DEBUG, PRIO_INFO, PRIO_WARN, PRIO_ERROR, PRIO_FATAL = range(8)
# TrackEvent.Type
TYPE_SLICE_BEGIN, TYPE_SLICE_END, TYPE_INSTANT, TYPE_COUNTER = 1, 2, 3, 4
SYNC_MARKER = bytes([0x82, 0x47, 0x7a, 0x76, 0xb2, 0x8d, 0x42, 0xba,
                     0x81, 0xdc, 0x33, 0x32, 0x6d, 0x57, 0xa0, 0x79])

# TracePacket payload fields (oneof data) usable as packet(**kw) keywords.
PACKET_DATA_FIELDS = {
    'ftrace_events': 1, 'process_tree': 2, 'clock_snapshot': 6,
    'track_event': 11, 'trace_stats': 35, 'synchronization_marker': 36,
    'android_log': 39, 'system_info': 45, 'packages_list': 47,
    'compressed_packets': 50, 'track_descriptor': 60, 'service_event': 69,
    'android_system_property': 86,
}


# ------------------------------------------------------------------- packets
def packet(timestamp=None, seq_id=None, timestamp_clock_id=None, trusted_uid=None,
           trusted_pid=None, sequence_flags=None, incremental_state_cleared=None,
           interned_data=None, trace_packet_defaults=None,
           previous_packet_dropped=None, first_packet_on_sequence=None, **data):
    out = [opt(f_varint, 8, timestamp), opt(f_varint, 3, trusted_uid),
            opt(f_varint, 10, seq_id), opt(f_bytes, 12, interned_data),
            opt(f_varint, 13, sequence_flags), opt(f_bool, 41, incremental_state_cleared),
            opt(f_varint, 42, previous_packet_dropped), opt(f_varint, 58, timestamp_clock_id),
            opt(f_bytes, 59, trace_packet_defaults), opt(f_varint, 79, trusted_pid),
            opt(f_bool, 87, first_packet_on_sequence)]
    for name, body in data.items():
        out.append(f_bytes(PACKET_DATA_FIELDS[name], body))
    return b''.join(out)


def trace(packets):
    """Trace { repeated TracePacket packet = 1; }"""
    return b''.join(f_bytes(1, p) for p in packets)


def compressed_packets(packets, level=6):
    """Body for TracePacket.compressed_packets (50): zlib (deflateInit, i.e.
    RFC1950 header) of a serialized Trace (each packet framed as field 1)."""
    return zlib.compress(trace(packets), level)


def clock_snapshot(clocks, primary_trace_clock=None):
    """clocks: [(clock_id, timestamp_ns), ...]"""
    body = b''.join(f_msg(1, f_varint(1, cid), f_varint(2, ts)) for cid, ts in clocks)
    return body + opt(f_varint, 2, primary_trace_clock)


def process(pid, ppid=None, cmdline=(), uid=None):
    return (f_varint(1, pid) + opt(f_varint, 2, ppid)
            + b''.join(f_str(3, c) for c in cmdline) + opt(f_varint, 5, uid))


def thread(tid, tgid=None, name=None):
    return f_varint(1, tid) + opt(f_str, 2, name) + opt(f_varint, 3, tgid)


def process_tree(processes=(), threads=(), collection_end_timestamp=None):
    return (b''.join(f_bytes(1, p) for p in processes)
            + b''.join(f_bytes(2, t) for t in threads)
            + opt(f_varint, 3, collection_end_timestamp))


def packages_list(packages):
    """packages: [dict(name, uid, debuggable, profileable_from_shell, version_code)]"""
    out = b''
    for p in packages:
        out += f_msg(1, opt(f_str, 1, p.get('name')), opt(f_varint, 2, p.get('uid')),
                     opt(f_bool, 3, p.get('debuggable')),
                     opt(f_bool, 4, p.get('profileable_from_shell')),
                     opt(f_varint, 5, p.get('version_code')))
    return out


def log_event(log_id, pid, tid, uid, timestamp, tag, prio=None, message=None, args=()):
    """timestamp is CLOCK_REALTIME ns. args (LID_EVENTS only): [(name, int|float|str)]"""
    out = [f_varint(1, log_id), f_varint(2, pid), f_varint(3, tid), f_varint(4, uid),
           f_varint(5, timestamp), f_str(6, tag), opt(f_varint, 7, prio), opt(f_str, 8, message)]
    for name, v in args:
        if isinstance(v, str):
            val = f_str(4, v)
        elif isinstance(v, float):
            val = f_float(3, v)
        else:
            val = f_varint(2, v)
        out.append(f_msg(9, f_str(1, name), val))
    return b''.join(out)


def android_log(events):
    return b''.join(f_bytes(1, e) for e in events)


# --------------------------------------------------------------------- ftrace
def ftrace_bundle(cpu, events):
    return f_varint(1, cpu) + b''.join(f_bytes(2, e) for e in events)


def ftrace_event(ts, pid, field, body):
    """FtraceEvent{timestamp=1, pid=2, <oneof event field>=body}"""
    return f_varint(1, ts) + f_varint(2, pid) + f_bytes(field, body)


def ftrace_print(ts, pid, buf, ip=0):                       # print = 3
    return ftrace_event(ts, pid, 3, f_varint(1, ip) + f_str(2, buf))


def sched_switch(ts, pid, prev_comm, prev_pid, prev_prio, prev_state,
                 next_comm, next_pid, next_prio):           # sched_switch = 4
    return ftrace_event(ts, pid, 4, f_str(1, prev_comm) + f_varint(2, prev_pid)
                        + f_varint(3, prev_prio) + f_varint(4, prev_state)
                        + f_str(5, next_comm) + f_varint(6, next_pid) + f_varint(7, next_prio))


def lowmemory_kill(ts, pid, comm, kill_pid, pagecache_size=0, pagecache_limit=0, free=0):
    return ftrace_event(ts, pid, 35, f_str(1, comm) + f_varint(2, kill_pid)  # lowmemory_kill = 35
                        + f_varint(3, pagecache_size) + f_varint(4, pagecache_limit)
                        + f_varint(5, free))


def task_newtask(ts, pid, new_pid, comm, clone_flags, oom_score_adj=0):  # 235
    return ftrace_event(ts, pid, 235, f_varint(1, new_pid) + f_str(2, comm)
                        + f_varint(3, clone_flags) + f_varint(4, oom_score_adj))


def task_rename(ts, pid, renamed_pid, oldcomm, newcomm, oom_score_adj=0):  # 236
    return ftrace_event(ts, pid, 236, f_varint(1, renamed_pid) + f_str(2, oldcomm)
                        + f_str(3, newcomm) + f_varint(4, oom_score_adj))


def sched_process_exit(ts, pid, comm, exit_pid, tgid, prio=120):  # 238
    return ftrace_event(ts, pid, 238, f_str(1, comm) + f_varint(2, exit_pid)
                        + f_varint(3, tgid) + f_varint(4, prio))


def sched_process_free(ts, pid, comm, free_pid, prio=120):  # 240
    return ftrace_event(ts, pid, 240, f_str(1, comm) + f_varint(2, free_pid) + f_varint(3, prio))


def signal_generate(ts, pid, sig, target_pid, comm, code=0, group=1, result=0):  # 325
    return ftrace_event(ts, pid, 325, f_varint(1, code) + f_str(2, comm) + f_varint(3, group)
                        + f_varint(4, target_pid) + f_varint(5, result) + f_varint(6, sig))


def oom_score_adj_update(ts, pid, comm, oom_score_adj, target_pid):  # 326
    return ftrace_event(ts, pid, 326, f_str(1, comm) + f_varint(2, oom_score_adj)
                        + f_varint(3, target_pid))


def mark_victim(ts, pid, victim_pid):  # 334 (kernel OOM killer)
    return ftrace_event(ts, pid, 334, f_varint(1, victim_pid))


# ----------------------------------------------------------------- track event
def track_descriptor(uuid, name=None, parent_uuid=None, process=None, thread=None):
    """process=(pid, process_name); thread=(pid, tid, thread_name)"""
    out = f_varint(1, uuid) + opt(f_str, 2, name)
    if process is not None:
        out += f_msg(3, f_varint(1, process[0]), opt(f_str, 6, process[1]))
    if thread is not None:
        out += f_msg(4, f_varint(1, thread[0]), f_varint(2, thread[1]), opt(f_str, 5, thread[2]))
    return out + opt(f_varint, 5, parent_uuid)


def debug_annotation(name, value):
    if isinstance(value, bool):
        v = f_bool(2, value)
    elif isinstance(value, int):
        v = f_varint(4, value)
    elif isinstance(value, float):
        v = f_double(5, value)
    else:
        v = f_str(6, str(value))
    return f_str(10, name) + v


def track_event(type, track_uuid=None, name=None, name_iid=None, categories=(),
                category_iids=(), debug_annotations=(), counter_value=None, extensions=()):
    """extensions: [(field_number, body_bytes)] e.g. (2011, process_died_event(...))"""
    return (b''.join(f_varint(3, c) for c in category_iids)
            + b''.join(f_msg(4, debug_annotation(k, v)) for k, v in debug_annotations)
            + f_varint(9, type) + opt(f_varint, 10, name_iid) + opt(f_varint, 11, track_uuid)
            + b''.join(f_str(22, c) for c in categories) + opt(f_str, 23, name)
            + opt(f_varint, 30, counter_value)
            + b''.join(f_bytes(fn, body) for fn, body in extensions))


def interned_data(event_names=(), event_categories=()):
    """[(iid, name)] ; InternedData.event_categories=1, event_names=2"""
    return (b''.join(f_msg(1, f_varint(1, i), f_str(2, n)) for i, n in event_categories)
            + b''.join(f_msg(2, f_varint(1, i), f_str(2, n)) for i, n in event_names))


def trace_packet_defaults(timestamp_clock_id=None, track_uuid=None):
    out = opt(f_varint, 58, timestamp_clock_id)
    if track_uuid is not None:
        out += f_msg(11, f_varint(11, track_uuid))  # TrackEventDefaults.track_uuid
    return out


# Out-of-tree frameworks/base TrackEvent extensions (very recent Android only).
def process_start_event(uid, pid, process_name, start_seq_id=None):    # TrackEvent ext 2010
    return f_varint(1, uid) + f_varint(2, pid) + f_str(3, process_name) + opt(f_varint, 10, start_seq_id)


def process_died_event(uid, pid, process_name, reason=None, start_seq_id=None):  # ext 2011
    return (f_varint(1, uid) + f_varint(2, pid) + f_str(3, process_name)
            + opt(f_varint, 4, reason) + opt(f_varint, 9, start_seq_id))


# ----------------------------------------------------------------------- misc
def system_info(sysname='Linux', release='6.1.75-android14-11', version='#1 SMP PREEMPT',
                machine='aarch64', fingerprint=None, sdk=None, timezone_off_mins=None):
    return (f_msg(1, f_str(1, sysname), f_str(2, version), f_str(3, release), f_str(4, machine))
            + opt(f_str, 2, fingerprint) + opt(f_varint, 5, sdk) + opt(f_varint, 7, timezone_off_mins))


def service_event(**flags):
    """e.g. tracing_started=True (2), all_data_sources_started=True (1),
    all_data_sources_flushed=True (3), tracing_disabled=True (5)"""
    nums = {'all_data_sources_started': 1, 'tracing_started': 2,
            'all_data_sources_flushed': 3, 'read_tracing_buffers_completed': 4,
            'tracing_disabled': 5}
    return b''.join(f_bool(nums[k], v) for k, v in flags.items())


def trace_stats(producers_connected=2, chunks_discarded=0):
    return f_varint(2, producers_connected) + f_varint(8, chunks_discarded)


# ==================================================================== scenario
APP, APP_PID, APP_UID, APP_COMM = 'com.example.notes', 4321, 10123, 'm.example.notes'
ZYGOTE, LMKD, SYSTEM_SERVER, LAUNCHER = 600, 700, 1500, 2100
MS = 1_000_000
T0 = 5_000_000_000_000               # BOOTTIME at trace start (~83 min after boot)
R0 = 1_755_000_000_000_000_000       # REALTIME at the same instant (2025-08-12)
MONO_LAG = 3_000_000_000             # BOOTTIME - MONOTONIC (3 s of suspend)


def bt(ms):
    """BOOTTIME ns for a scenario time given in ms after T0."""
    return T0 + int(ms * MS)


def rt(ms):
    """REALTIME ns for the same instant (used by android_log timestamps)."""
    return R0 + int(ms * MS)


def demo_packets(lmk='instant', fw_lifecycle=False, timezone=None, events_buffer=False):
    P = []
    # --- tracing service (seq 1) -----------------------------------------
    P.append(packet(timestamp=bt(0), seq_id=1, trusted_uid=9999, trusted_pid=1234,
                    first_packet_on_sequence=True, previous_packet_dropped=1,
                    service_event=service_event(tracing_started=True)))
    snap = lambda ms: clock_snapshot([(BOOTTIME, bt(ms)), (REALTIME, rt(ms)),
                                      (MONOTONIC, bt(ms) - MONO_LAG)],
                                     primary_trace_clock=BOOTTIME)
    P.append(packet(timestamp=bt(0), seq_id=1, trusted_uid=9999, clock_snapshot=snap(0)))
    P.append(packet(seq_id=1, trusted_uid=9999, system_info=system_info(
        fingerprint='google/husky/husky:14/AP1A.240305.019/11380181:user/release-keys', sdk=34,
        timezone_off_mins=timezone)))
    P.append(packet(seq_id=1, trusted_uid=9999, synchronization_marker=SYNC_MARKER))
    P.append(packet(timestamp=bt(1), seq_id=1, trusted_uid=9999,
                    service_event=service_event(all_data_sources_started=True)))

    # --- packages_list + process_tree (traced_probes, seq 2/3) ------------
    P.append(packet(timestamp=bt(1), seq_id=2, trusted_uid=9999, packages_list=packages_list([
        dict(name=APP, uid=APP_UID, debuggable=True, profileable_from_shell=True, version_code=42),
        dict(name='com.android.launcher3', uid=10045, debuggable=False,
             profileable_from_shell=False, version_code=34),
        dict(name='android', uid=1000, debuggable=False, profileable_from_shell=False,
             version_code=34)])))
    P.append(packet(timestamp=bt(2), seq_id=3, trusted_uid=9999, process_tree=process_tree(
        processes=[process(1, 0, ['/system/bin/init', 'second_stage'], 0),
                   process(ZYGOTE, 1, ['zygote64'], 0),
                   process(LMKD, 1, ['/system/bin/lmkd'], 1069),
                   process(SYSTEM_SERVER, ZYGOTE, ['system_server'], 1000),
                   process(LAUNCHER, ZYGOTE, ['com.android.launcher3'], 10045)],
        threads=[thread(1530, SYSTEM_SERVER, 'ActivityManager'),
                 thread(1620, SYSTEM_SERVER, 'binder:1500_3')],
        collection_end_timestamp=bt(3))))

    # --- ftrace (seq 4): (cpu, ts, event bytes) ---------------------------
    ev = []
    app = lambda ms, buf: ev.append((2, bt(ms), ftrace_print(bt(ms), APP_PID, buf + '\n')))
    ss = lambda ms, buf: ev.append((0, bt(ms), ftrace_print(bt(ms), 1620, buf + '\n')))
    ss(1001, 'S|%d|launching: %s|0' % (SYSTEM_SERVER, APP))
    ev.append((1, bt(1010), task_newtask(bt(1010), ZYGOTE, APP_PID, 'zygote64', 0x01200011)))
    ev.append((2, bt(1015), task_rename(bt(1015), APP_PID, APP_PID, 'zygote64', APP_COMM)))
    ev.append((2, bt(1016), task_newtask(bt(1016), APP_PID, 4335, APP_COMM, 0x003d0f00)))
    ev.append((0, bt(1020), oom_score_adj_update(bt(1020), 1530, APP_COMM, 0, APP_PID)))
    app(1030, 'B|%d|bindApplication' % APP_PID)
    app(1119, 'E|%d' % APP_PID)
    ev.append((2, bt(1120), task_newtask(bt(1120), APP_PID, 4340, APP_COMM, 0x003d0f00)))
    ev.append((3, bt(1121), task_rename(bt(1121), 4340, 4340, APP_COMM, 'RenderThread')))
    app(1130, 'B|%d|activityStart' % APP_PID)
    app(1180, 'E|%d' % APP_PID)
    app(1185, 'B|%d|activityResume' % APP_PID)
    app(1200, 'E|%d' % APP_PID)
    app(1201, 'I|%d|lifelint:input.edited field=body' % APP_PID)
    app(1202, 'C|%d|lifelint:state|4' % APP_PID)
    app(1203, 'N|%d|lifelint|lifelint:state=RESUMED' % APP_PID)
    ss(1250, 'F|%d|launching: %s|0' % (SYSTEM_SERVER, APP))
    app(6010, 'B|%d|activityPause' % APP_PID)
    app(6025, 'E|%d' % APP_PID)
    app(6026, 'I|%d|lifelint:onPause' % APP_PID)
    app(6500, 'B|%d|activityStop' % APP_PID)
    app(6502, 'B|%d|lifelint:persist.begin key=draft' % APP_PID)
    app(6510, 'E|%d' % APP_PID)
    app(6530, 'E|%d' % APP_PID)
    app(6531, 'I|%d|lifelint:onStop' % APP_PID)
    app(6532, 'C|%d|lifelint:state|2' % APP_PID)
    ev.append((0, bt(6600), oom_score_adj_update(bt(6600), 1530, APP_COMM, 700, APP_PID)))
    ev.append((0, bt(36600), oom_score_adj_update(bt(36600), 1530, APP_COMM, 905, APP_PID)))
    lk = lambda ms, buf: ev.append((1, bt(ms), ftrace_print(bt(ms), LMKD, buf + '\n')))
    if lmk == 'instant':    # lmkd since ~2025: N|pid|lowmemorykiller|lmk,<pid>,<reason>,<adj>
        lk(40000, 'N|%d|lowmemorykiller|lmk,%d,3,905' % (LMKD, APP_PID))
    elif lmk == 'slice':    # lmkd 2021-2025 (aosp/1782391)
        lk(40000, 'B|%d|lmk,%d,3,905' % (LMKD, APP_PID))
        lk(40001, 'E|%d' % LMKD)
    elif lmk == 'counter':  # original lmkd (deprecated 2022)
        lk(40000, 'C|%d|kill_one_process|%d' % (LMKD, APP_PID))
        lk(40001, 'C|%d|kill_one_process|0' % LMKD)
    ev.append((1, bt(40000.05), signal_generate(bt(40000.05), LMKD, 9, APP_PID, APP_COMM)))
    for ms, tid, comm in [(40002, 4340, 'RenderThread'), (40002.5, 4335, 'HeapTaskDaemon'),
                          (40003, APP_PID, APP_COMM)]:
        ev.append((2, bt(ms), sched_process_exit(bt(ms), tid, comm, tid, APP_PID, 120)))
    for ms, tid, comm in [(40010, 4340, 'RenderThread'), (40010.5, 4335, 'HeapTaskDaemon'),
                          (40011, APP_PID, APP_COMM)]:
        ev.append((3, bt(ms), sched_process_free(bt(ms), 0, comm, tid, 120)))
    # Two flush windows, one bundle per cpu per window, events sorted per bundle.
    for lo, hi, read_ms in [(0, 20000, 20001), (20000, 10**9, 41000)]:
        for cpu in range(4):
            evs = [e for c, ts, e in sorted(ev, key=lambda x: x[1])
                   if c == cpu and bt(lo) <= ts < bt(hi)]
            if evs:
                P.append(packet(timestamp=bt(read_ms), seq_id=4, trusted_uid=9999,
                                ftrace_events=ftrace_bundle(cpu, evs)))

    # Second process_tree scan: the app appeared (traced_probes on-demand scan).
    P.append(packet(timestamp=bt(1050), seq_id=3, trusted_uid=9999, process_tree=process_tree(
        processes=[process(APP_PID, ZYGOTE, [APP], APP_UID)],
        threads=[thread(APP_PID, APP_PID, APP_COMM), thread(4335, APP_PID, 'HeapTaskDaemon')])))

    # --- android_log (seq 5); event timestamps are CLOCK_REALTIME ----------
    SS = (SYSTEM_SERVER, 1620, 1000)
    A = (APP_PID, APP_PID, APP_UID)
    L = lambda ms, lid, who, tag, prio=None, msg=None, args=(): log_event(
        lid, who[0], who[1], who[2], rt(ms), tag, prio, msg, args)
    logs1 = [
        L(1000, LID_SYSTEM, SS, 'ActivityTaskManager', PRIO_INFO,
          'START u0 {act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] '
          'flg=0x10200000 cmp=%s/.MainActivity} from uid 10045' % APP),
        L(1012, LID_EVENTS, SS, 'am_proc_start', args=[
            ('User', 0), ('PID', APP_PID), ('UID', APP_UID), ('Process Name', APP),
            ('Type', 'activity'), ('Component', '{%s/%s.MainActivity}' % (APP, APP))]),
        L(1012, LID_SYSTEM, SS, 'ActivityManager', PRIO_INFO,
          'Start proc %d:%s/u0a123 for next-top-activity {%s/%s.MainActivity}'
          % (APP_PID, APP, APP, APP)),
        L(1140, LID_DEFAULT, A, 'NotesActivity', PRIO_DEBUG, 'onCreate'),
        L(1175, LID_DEFAULT, A, 'NotesActivity', PRIO_DEBUG, 'onStart'),
        L(1195, LID_DEFAULT, A, 'NotesActivity', PRIO_DEBUG, 'onResume'),
        L(1201, LID_DEFAULT, A, 'lifelint', PRIO_INFO, 'lifelint: state=RESUMED'),
        L(1250, LID_SYSTEM, SS, 'ActivityTaskManager', PRIO_INFO,
          'Displayed %s/.MainActivity for user 0: +250ms' % APP),
        L(6010, LID_DEFAULT, A, 'NotesActivity', PRIO_DEBUG, 'onPause'),
        L(6520, LID_DEFAULT, A, 'NotesActivity', PRIO_DEBUG, 'onStop'),
        L(6531, LID_DEFAULT, A, 'lifelint', PRIO_INFO, 'lifelint: state=STOPPED'),
    ]
    if events_buffer:  # the same callbacks as the slices, as the events buffer logs them
        cb = lambda ms, tag, reason, took: L(ms, LID_EVENTS, A, tag, args=[
            ('Token', 81234567), ('Component Name', APP + '.MainActivity'), ('Reason', reason), ('time', took)])
        logs1 += [cb(1179.5, 'wm_on_start_called', 'handleStartActivity', 50),
                  cb(1199.5, 'wm_on_resume_called', 'RESUME_ACTIVITY', 15),
                  cb(6024.5, 'wm_on_paused_called', 'performPause', 15),
                  cb(6529.5, 'wm_on_stop_called', 'STOP_ACTIVITY_ITEM', 30)]
    logs2 = [
        L(40000.1, LID_DEFAULT, (LMKD, LMKD, 1069), 'lowmemorykiller', PRIO_INFO,
          "Kill '%s' (%d), uid %d, oom_score_adj 905 to free 85432kB rss, 20480kB swap; "
          'reason: low watermark is breached and swap is low' % (APP, APP_PID, APP_UID)),
        L(40030, LID_EVENTS, SS, 'am_proc_died', args=[
            ('User', 0), ('PID', APP_PID), ('Process Name', APP), ('OomAdj', 905),
            ('ProcState', 19)]),
        L(40030, LID_SYSTEM, SS, 'ActivityManager', PRIO_INFO,
          'Process %s (pid %d) has died: cch+5 CEM' % (APP, APP_PID)),
    ]
    P.append(packet(timestamp=bt(20002), seq_id=5, trusted_uid=9999, android_log=android_log(logs1)))
    P.append(packet(timestamp=bt(41002), seq_id=5, trusted_uid=9999, android_log=android_log(logs2)))

    # --- app-side TrackEvent SDK (seq 6): descriptors, interning, defaults -
    PU, TU, LU = 0x1000 + APP_PID, 0x2000 + APP_PID, 0x3000 + APP_PID
    au = dict(seq_id=6, trusted_uid=APP_UID, trusted_pid=APP_PID)
    P.append(packet(timestamp=bt(1100), first_packet_on_sequence=True, previous_packet_dropped=1,
                    sequence_flags=SEQ_INCREMENTAL_STATE_CLEARED,
                    trace_packet_defaults=trace_packet_defaults(BOOTTIME, TU), **au))
    P.append(packet(timestamp=bt(1100), track_descriptor=track_descriptor(PU, process=(APP_PID, APP)), **au))
    P.append(packet(timestamp=bt(1100), track_descriptor=track_descriptor(
        TU, parent_uuid=PU, thread=(APP_PID, APP_PID, 'main')), **au))
    P.append(packet(timestamp=bt(1100), track_descriptor=track_descriptor(LU, name='lifelint', parent_uuid=PU), **au))
    te = lambda ms, body, **kw: P.append(packet(timestamp=bt(ms),
                                                sequence_flags=SEQ_NEEDS_INCREMENTAL_STATE,
                                                track_event=body, **kw, **au))
    te(1140, track_event(TYPE_SLICE_BEGIN, name_iid=1, category_iids=[1]),
       interned_data=interned_data([(1, 'NotesActivity.onCreate'), (2, 'NotesActivity.onResume')],
                                   [(1, 'lifecycle')]))
    te(1170, track_event(TYPE_SLICE_END))
    te(1190, track_event(TYPE_SLICE_BEGIN, name_iid=2, category_iids=[1]))
    te(1199, track_event(TYPE_SLICE_END))
    te(1201, track_event(TYPE_INSTANT, track_uuid=LU, name='lifelint:resumed',
                         categories=['lifelint'], debug_annotations=[('state', 'RESUMED')]))
    te(6511, track_event(TYPE_INSTANT, track_uuid=LU, name_iid=3, categories=['lifelint']),
       interned_data=interned_data([(3, 'lifelint:persist.end key=draft')]))
    te(6531, track_event(TYPE_INSTANT, track_uuid=LU, name='lifelint:stopped',
                         categories=['lifelint'], debug_annotations=[('state', 'STOPPED')]))

    # --- optional: frameworks/base lifecycle TrackEvent extensions (seq 7) -
    if fw_lifecycle:
        ST = 0x5000 + 1530
        su = dict(seq_id=7, trusted_uid=1000, trusted_pid=SYSTEM_SERVER)
        P.append(packet(timestamp=bt(1000), sequence_flags=SEQ_INCREMENTAL_STATE_CLEARED,
                        track_descriptor=track_descriptor(ST, thread=(SYSTEM_SERVER, 1530, 'ActivityManager')), **su))
        P.append(packet(timestamp=bt(1012), track_event=track_event(
            TYPE_INSTANT, track_uuid=ST, name='process_start',
            extensions=[(2010, process_start_event(APP_UID, APP_PID, APP, 77))]), **su))
        P.append(packet(timestamp=bt(40030), track_event=track_event(
            TYPE_INSTANT, track_uuid=ST, name='process_died',
            extensions=[(2011, process_died_event(APP_UID, APP_PID, APP, 3, 77))]), **su))

    # --- end of trace -------------------------------------------------------
    P.append(packet(timestamp=bt(41500), seq_id=1, trusted_uid=9999, clock_snapshot=snap(41500)))
    P.append(packet(timestamp=bt(41600), seq_id=1, trusted_uid=9999,
                    service_event=service_event(all_data_sources_flushed=True)))
    P.append(packet(timestamp=bt(41700), seq_id=1, trusted_uid=9999,
                    service_event=service_event(tracing_disabled=True)))
    P.append(packet(seq_id=1, trusted_uid=9999, trace_stats=trace_stats()))
    return P


# ======================================================================= CLI
def packet_bounds(data):
    """[(start, end)] of top-level Trace.packet records (for truncation)."""
    out, i = [], 0
    while i < len(data):
        start = i
        i += 1  # key 0x0a
        n, shift = 0, 0
        while True:
            b = data[i]; i += 1
            n |= (b & 0x7F) << shift; shift += 7
            if not b & 0x80:
                break
        i += n
        out.append((start, i))
    return out


THREADTIME = re.compile(r'^(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\.(\d{3})\s+(\d+)\s+(\d+) ([VDIWEFA]) (.*?)\s*: ?(.*)$')
EVENT_TAG = re.compile(r'^[a-z][a-z0-9_]*$')


def logcat_packets(path, year=2024):
    """The threadtime lines of a logcat file as log packets, as traced_probes writes them:
    events-buffer lines (a lower-case tag, a bracketed message) as LID_EVENTS with their values
    as arguments, the others as LID_DEFAULT; times read as UTC in `year`. Other lines are left."""
    import calendar
    events = []
    for line in open(path, encoding='utf-8', errors='replace'):
        m = THREADTIME.match(line.rstrip('\n'))
        if not m:
            continue
        mo, d, h, mi, se, ms, pid, tid, prio, tag, msg = m.groups()
        t = (calendar.timegm((year, int(mo), int(d), int(h), int(mi), int(se))) * 1000 + int(ms)) * 1_000_000
        p = {'V': PRIO_VERBOSE, 'D': PRIO_DEBUG, 'I': PRIO_INFO, 'W': PRIO_WARN, 'E': PRIO_ERROR}.get(prio, PRIO_FATAL)
        if EVENT_TAG.match(tag) and msg.startswith('[') and msg.endswith(']'):
            args = [('', int(v) if v.lstrip('-').isdigit() else v) for v in msg[1:-1].split(',')]
            events.append(log_event(LID_EVENTS, int(pid), int(tid), 0, t, tag, p, None, args))
        else:
            events.append(log_event(LID_DEFAULT, int(pid), int(tid), 0, t, tag, p, msg))
    clocks = clock_snapshot([(BOOTTIME, 1_000_000_000), (REALTIME, 1_000_000_000)], primary_trace_clock=BOOTTIME)
    packets = [packet(timestamp=1_000_000_000, seq_id=1, trusted_uid=9999, clock_snapshot=clocks)]
    for i in range(0, len(events), 16):
        packets.append(packet(timestamp=1_000_000_000, seq_id=2, trusted_uid=9999, android_log=android_log(events[i:i + 16])))
    return packets


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('scenario', choices=['demo', 'logcat'])
    ap.add_argument('out')
    ap.add_argument('--from', dest='source', help='logcat: the threadtime logcat file whose lines become log packets')
    ap.add_argument('--gzip', action='store_true', help='gzip the whole output file')
    ap.add_argument('--compress', action='store_true',
                    help='wrap packets into TracePacket.compressed_packets (zlib), 8 per batch')
    ap.add_argument('--truncate', nargs='?', type=float, const=0.6, metavar='FRACTION',
                    help='cut the file at ~FRACTION of its length, strictly inside a packet')
    ap.add_argument('--cut-gzip', action='store_true',
                    help='with --gzip --truncate: cut the gzip stream instead of the raw trace')
    ap.add_argument('--malformed', choices=['varint', 'length', 'inner'],
                    help='varint: trailing packet with an unterminated >10-byte varint length; '
                         'length: trailing packet whose length runs past EOF; '
                         'inner: a well-framed packet in the middle whose android_log '
                         'field length exceeds the packet')
    ap.add_argument('--lmk', choices=['instant', 'slice', 'counter', 'none'], default='instant',
                    help='how lmkd reports the kill in atrace (default: instant)')
    ap.add_argument('--fw-lifecycle', action='store_true',
                    help='add frameworks/base TrackEvent extensions process_start_event(2010) '
                         'and process_died_event(2011)')
    ap.add_argument('--events-buffer', action='store_true',
                    help="also log the activity callbacks as the events buffer does (wm_on_*_called)")
    ap.add_argument('--timezone', type=int, metavar='MINUTES',
                    help="the device's UTC offset in SystemInfo.timezone_off_mins (field 7)")
    a = ap.parse_args(argv)

    pkts = logcat_packets(a.source) if a.scenario == 'logcat' else demo_packets(lmk=a.lmk, fw_lifecycle=a.fw_lifecycle, timezone=a.timezone,
                                                                               events_buffer=a.events_buffer)
    if a.compress:
        pkts = [packet(compressed_packets=compressed_packets(pkts[i:i + 8]))
                for i in range(0, len(pkts), 8)]
    if a.malformed == 'inner':
        bad = f_varint(8, bt(30000)) + key(39, WT_LEN) + varint(100) + b'\x0a\x02\x08'
        pkts.insert(len(pkts) // 2, bad)
    data = trace(pkts)
    if a.malformed == 'varint':
        data += b'\x0a' + b'\xff' * 11 + b'\x01'
    elif a.malformed == 'length':
        data += b'\x0a' + varint(10_000_000) + f_varint(8, 1)
    if a.truncate is not None and not (a.gzip and a.cut_gzip):
        target = int(len(data) * a.truncate)
        for s, e in packet_bounds(data):
            if s <= target < e:
                cut = min(max(target, s + 2), e - 1)  # past the header, before the end
                break
        data = data[:cut]
    if a.gzip:
        data = gzip.compress(data)
        if a.truncate is not None and a.cut_gzip:
            data = data[:int(len(data) * a.truncate)]
    with open(a.out, 'wb') as f:
        f.write(data)
    print('%s: %d packets, %d bytes%s' % (a.out, len(pkts), len(data),
                                         ' (truncated)' if a.truncate is not None else ''),
          file=sys.stderr)


if __name__ == '__main__':
    main()
