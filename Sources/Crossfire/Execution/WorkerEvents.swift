import Synchronization

/// A worker's side of the event stream (`WorkerProtocol`): one line per event, each written
/// with one `write(2)` before what it announces happens. The first failed write (the parent
/// is gone) is kept and every later event dropped; the worker checks it after each case.
final class WorkerEvents: Sendable {
    private let output: FileDescriptorOutput
    private let broken = Mutex<String?>(nil)

    /// Why the stream broke, once it has.
    var failure: String? { broken.withLock { $0 } }

    /// A stream on `output`.
    init(output: FileDescriptorOutput) {
        self.output = output
    }

    /// Case `index` starts.
    func caseStarted(_ index: Int) {
        send(WorkerEventLine.Name.caseStarted, .object([("index", .integer(index))]))
    }

    /// `mapper` is about to be called in `check`.
    func call(mapper: String, check: CheckKind) {
        write(WorkerEventLine.encode(WorkerEventLine.Name.call, tokens: check.rawValue + " " + mapper))
    }

    /// A new class is in the journal.
    func newClass(_ found: FindingClass) {
        send(WorkerEventLine.Name.newClass, .object([
            ("id", .integer(found.id)), ("cause", .string(found.cause.canonical)), ("key", .string(found.key.canonical)), ("path", .string(found.first.discrepancy.path.description)),
        ]))
    }

    /// A class's first example is shrunk and in the journal.
    func shrunk(_ found: FindingClass) {
        guard let shrunk = found.shrunk else { return }
        send(WorkerEventLine.Name.shrunk, .object([
            ("id", .integer(found.id)), ("path", .string(shrunk.discrepancy.path.description)), ("shrink", shrunk.shrink.map(\.json) ?? .null),
        ]))
    }

    /// The shrinker is about to run `choices`.
    func candidate(_ choices: [UInt64]) {
        write(WorkerEventLine.encode(WorkerEventLine.Name.candidate, tokens: ChoiceSequence(choices).text))
    }

    /// Case `index` has run its checks: its findings' `classes` and its `totals`.
    func ran(_ index: Int, classes: [ClassReport], totals: CampaignTotals) {
        send(WorkerEventLine.Name.ran, .object([
            ("index", .integer(index)), ("classes", .array(classes.map(\.json))), ("totals", .object(totals.members)),
        ]))
    }

    /// The worker is done.
    func end(interrupted: Bool) {
        send(WorkerEventLine.Name.end, .object([("interrupted", .boolean(interrupted))]))
    }

    private func send(_ name: String, _ payload: JSONText) {
        write(WorkerEventLine.encode(name, payload))
    }

    private func write(_ line: [UInt8]) {
        guard failure == nil else { return }
        if let reason = output.write(line) {
            broken.withLock { $0 = $0 ?? "cannot write to the parent: \(reason)" }
        }
    }
}

/// Wraps a mapper so that each call is announced on the event stream first, with the check
/// it belongs to (`CallObservingMapperFactory`).
enum AnnouncedMapperFactory {
    /// The spec with its factory wrapped.
    static func spec(_ spec: MapperSpec, events: WorkerEvents) -> MapperSpec {
        CallObservingMapperFactory.spec(spec) { call in events.call(mapper: call.mapper, check: call.check) }
    }
}
