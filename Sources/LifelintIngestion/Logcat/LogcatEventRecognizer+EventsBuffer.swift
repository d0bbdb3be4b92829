import LifelintModel

/// The events buffer (`logcat -b events`): the app's activity callbacks, and system_server's
/// process and activity lines. The pid a payload names is the event's pid (`am_anr` is logged
/// by system_server about the app's process).
extension LogcatEventRecognizer {
    mutating func recogniseEventLog(_ line: Line, _ tag: LogcatTag, _ payload: EventLogPayload, _ out: inout Output) {
        switch tag {
        case let .activityCallback(eventName, leadsWithToken):
            recogniseCallback(eventName, leadsWithToken: leadsWithToken, line, payload, &out)
        case let .systemActivity(index):
            recogniseSystemActivity(SystemActivityLine.all[index], line, payload, &out)
        case .procStart:
            // [User,PID,UID,Process Name,Type,Component]; before Android 4.2 without the user.
            let shift = payload.userShift(leadingIntegersWithUser: 3)
            guard let pid = payload.integer(1 - shift, key: "PID").flatMap(Int32.init(exactly:)),
                let process = payload.value(3 - shift, key: "Process Name")
            else { return }
            var attributes: Attributes = ["package": ProcessName.package(process)]
            attributes["hosting"] = payload.value(4 - shift, key: "Type").map(String.init)
            attributes["component"] = payload.value(5 - shift, key: "Component").map(String.init)
            started(pid: pid, process: process, attributes: attributes, line, &out)
        case .procBound:
            let shift = payload.userShift(leadingIntegersWithUser: 2)
            guard let pid = payload.integer(1 - shift, key: "PID").flatMap(Int32.init(exactly:)),
                let process = payload.value(2 - shift, key: "Process Name")
            else { return }
            name(pid, process, &out)
        case .procDied:
            // [User,PID,Process Name(,OomAdj,ProcState)]; [PID,Process Name] before 4.2.
            let shift = payload.userShift(leadingIntegersWithUser: 2)
            guard let pid = payload.integer(1 - shift, key: "PID").flatMap(Int32.init(exactly:)) else { return }
            died(pid: pid, process: payload.value(2 - shift, key: "Process Name"), reason: .unknown, detail: nil, line, &out)
        case .kill:
            // [User,PID,Process Name,OomAdj,Reason(,Rss)]; [PID,Process Name,OomAdj,Reason] before 4.2.
            let shift = payload.userShift(leadingIntegersWithUser: 2)
            guard let pid = payload.integer(1 - shift, key: "PID").flatMap(Int32.init(exactly:)) else { return }
            let hasRss = payload.count >= 6 - shift && payload.integer(payload.count - 1, key: "Rss") != nil
            let reason = payload.rest(from: 4 - shift, key: "Reason", trailing: hasRss ? 1 : 0) ?? ""
            killed(pid: pid, process: payload.value(2 - shift, key: "Process Name"), killReason: reason, line, &out)
        case .crash:
            let shift = payload.userShift(leadingIntegersWithUser: 2)
            guard let pid = payload.integer(1 - shift, key: "PID").flatMap(Int32.init(exactly:)) else { return }
            died(
                pid: pid, process: payload.value(2 - shift, key: "Process Name"), reason: .crash,
                detail: payload.value(4 - shift, key: "Exception").map(String.init), line, &out)
        case .lmkdKillInfo:
            guard let pid = payload.integer(0, key: "Pid").flatMap(Int32.init(exactly:)) else { return }
            died(pid: pid, process: nil, reason: .lowMemory, detail: "lmkd killinfo", line, &out)
        case .anr:
            // [User,pid,Package Name,Flags,reason]: logged by system_server, about the app's pid.
            let shift = payload.userShift(leadingIntegersWithUser: 2)
            guard let package = payload.value(2 - shift, key: "Package Name") else { return }
            let pid = payload.integer(1 - shift, key: "pid").flatMap(Int32.init(exactly:))
            if let pid { name(pid, package, &out) }
            var attributes = Attributes()
            attributes["detail"] = payload.rest(from: 4 - shift, key: "reason").map(String.init)
            evidence(EventName.evidenceAnr, line, attributes, app: ProcessName.package(package), pid: pid, &out)
        case .freeze, .unfreeze:
            guard let pid = payload.integer(0, key: "Pid").flatMap(Int32.init(exactly:)),
                let process = payload.value(1, key: "Process Name")
            else { return }
            let isFrozen: Bool = if case .freeze = tag { true } else { false }
            frozen(pid: pid, process: process, isFrozen, line, &out)
        case .finishActivity:
            // [User,Token,Task ID,Component Name,Reason]; [Token,Task ID,Component Name,Reason] before 4.2.
            let shift = payload.userShift(leadingIntegersWithUser: 3)
            guard let component = payload.value(3 - shift, key: "Component Name") else { return }
            if let named = ProcessName.component(component) {
                attribution.noteComponent(named, token: payload.value(1 - shift, key: "Token")) { out.events.append($0) }
            }
            guard let reason = payload.rest(from: 4 - shift, key: "Reason"), reason.contains("proc died without state saved") else { return }
            let package = ProcessName.package(component)
            // A force stop or a swipe from recents discards the state whether it was saved or not.
            if stateDiscarded[package]?.isSameIncident(as: line) == true { return }
            let attributes: Attributes = ["component": String(component), "reason": String(reason)]
            evidence(EventName.evidenceStateNotSaved, line, attributes, app: package, pid: nil, &out)
        default:
            return
        }
    }

    /// `wm_on_paused_called: [Token,Component,Reason(,time)]` (Android 11+) or
    /// `am_on_paused_called: [User,Component(,Reason)]`, logged by the app's own process. A
    /// line without a duration is timed from the system's request for it, when there was one.
    private mutating func recogniseCallback(_ eventName: EventName, leadsWithToken: Bool, _ line: Line, _ payload: EventLogPayload, _ out: inout Output) {
        let token = leadsWithToken ? payload.value(0, key: "Token") : nil
        let className = payload.value(1, key: "Component Name")
        var attributes = Attributes()
        // Room for all five at once: grown one at a time, the array is reallocated twice a line.
        attributes.reserveCapacity(5)
        attributes["component"] = className.map(String.init)
        if let token { attributes["token"] = String(token) }
        attributes["reason"] = payload.value(2, key: "Reason").map(String.init)
        // Only `wm_` lines (and `time=` in key=value form) carry the duration; a vendor's
        // fifth field on an `am_` line is something else.
        if leadsWithToken, let duration = payload.integer(3, key: "time") {
            attributes["duration_ms"] = String(duration)
        } else if let gap = requests.answer(eventName, token: token, className: className, at: line.time) {
            attributes["duration_ms"] = String(gap)
            attributes["duration_from"] = "system-request"
        }
        if let pid = line.record.pid {
            attribution.noteCallback(pid: pid, token: token, className: className) { out.events.append($0) }
        }
        add(event(eventName, line, app: appName(line), pid: line.record.pid, tid: line.record.tid, attributes), &out)
    }

    /// A system line about an activity: what package its component (and token) belong to, and
    /// the time of a request a callback will answer. It makes no event of its own.
    private mutating func recogniseSystemActivity(_ kind: SystemActivityLine, _ line: Line, _ payload: EventLogPayload, _ out: inout Output) {
        guard let component = payload.firstComponent() else { return }
        let token = kind.hasToken ? payload.token(followedByTaskID: kind.hasTaskID) : nil
        attribution.noteComponent(component, token: token) { out.events.append($0) }
        if let callback = kind.requests {
            requests.note(callback, token: token, className: component.className, at: line.time)
        }
    }
}
