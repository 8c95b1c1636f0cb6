import Crossfire
import FirestoreJSON
import FirestoreModel

/// The protocol between an isolated run (`crossfire run --isolate`, the parent) and its
/// worker, `crossfire run --worker`, the same binary.
///
/// **Assignment.** The parent writes one JSON object to the worker's standard input and
/// closes it (`WorkerAssignment`): the campaign (seed, profile, mappers), the journal's path,
/// the cases to run (`firstCase`, `cases`, `timeLimitSeconds`), and what the journal already
/// holds (`nextFindingID`, `signatures`), so that the worker numbers on and journals no
/// signature twice. With `replay` (a choice sequence), the worker runs only the case those
/// choices make, sends its `case`, `call`, `ran` and `end` events and journals nothing: the
/// parent shrinks a crash this way, one worker per candidate.
///
/// **Events.** The worker writes one event per line on its standard output, `NAME PAYLOAD`,
/// every line with one `write(2)` before what it announces happens. The frequent events
/// carry plain tokens, the others a JSON object:
///
/// - `case {"index": N}` — case N starts;
/// - `call CHECK MAPPER` — a mapper is about to be called; CHECK is `decode`, `encode` or
///   `roundTrip`, told from the order of a mapper's calls within a case;
/// - `ran {"index", "signatures", "census", "setupFailure"}` — case N has run its checks: the
///   signature of every finding it showed (repeats included), its error census entries
///   (`signature`, `kind`, `count`, and `example` — a failure — the first time the worker
///   reports a signature), and why its mappers could not be prepared, if so;
/// - `finding {"id", "kind", "signature", "explanation"}` — a new finding of the case is in the
///   journal (its `finding` line); the worker shrinks it next and appends its `shrunk` line;
/// - `candidate CHOICES` — the shrinker is about to run this choice sequence (`c1:…` text);
/// - `end {"interrupted": bool}` — the worker ran its assignment (or was stopped) and exits 0.
///
/// The worker's standard error goes to `DIR/worker.log`. A worker that dies of a signal
/// crashed in the case of the last `case` event: while running its checks when no `ran`
/// followed, else while shrinking the finding of the last `finding` event, in the candidate of
/// the last `candidate` event after it; blamed on the mapper of the last `call` event after
/// those (a crash between mapper calls is blamed on the call before it). The parent appends a
/// `crash` finding for it to the journal and starts a new worker at the next case. SIGINT and
/// SIGTERM make the worker finish its case and end with `interrupted: true`; the parent
/// forwards them.
enum WorkerProtocol {
    /// Why a message of the protocol could not be read.
    struct Error: Swift.Error, CustomStringConvertible {
        /// What was wrong.
        let message: String
        var description: String { "worker protocol: \(message)" }
    }

    /// The compact JSON text of a value.
    static func text(_ value: FirestoreValue) throws(Error) -> [UInt8] {
        do {
            return try PlainJSONWriter(options: JSONWriteOptions(layout: .compact, maximumDepth: 16)).write(value)
        } catch {
            throw Error(message: "cannot write a message: \(error)")
        }
    }

    /// The object a JSON text holds.
    static func object(_ text: some Collection<UInt8>) throws(Error) -> FirestoreMap {
        do {
            guard case .map(let map) = try PlainJSONReader(options: JSONReadOptions(maximumStringBytes: 1 << 30)).readValue(from: Array(text)) else {
                throw Error(message: "expected a JSON object")
            }
            return map
        } catch let error as Error {
            throw error
        } catch {
            throw Error(message: "\(error)")
        }
    }
}

/// Typed reading of a protocol object's members.
struct ProtocolObject {
    let map: FirestoreMap

    func string(_ key: String) throws(WorkerProtocol.Error) -> String {
        guard case .string(let value)? = map[key] else { throw missing(key, "a string") }
        return value
    }

    func optionalString(_ key: String) throws(WorkerProtocol.Error) -> String? {
        switch map[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw missing(key, "a string or null")
        }
    }

    func integer(_ key: String) throws(WorkerProtocol.Error) -> Int {
        guard case .integer(let value)? = map[key], let result = Int(exactly: value) else { throw missing(key, "an integer") }
        return result
    }

    func optionalInteger(_ key: String) throws(WorkerProtocol.Error) -> Int? {
        if map[key] == nil || map[key] == .null { return nil }
        return try integer(key)
    }

    func double(_ key: String) throws(WorkerProtocol.Error) -> Double {
        guard let value = try optionalDouble(key) else { throw missing(key, "a number") }
        return value
    }

    func optionalDouble(_ key: String) throws(WorkerProtocol.Error) -> Double? {
        switch map[key] {
        case nil, .null?: return nil
        case .double(let value)?: return value
        case .integer(let value)?: return Double(value)
        default: throw missing(key, "a number or null")
        }
    }

    func boolean(_ key: String) throws(WorkerProtocol.Error) -> Bool {
        guard case .boolean(let value)? = map[key] else { throw missing(key, "true or false") }
        return value
    }

    func array(_ key: String) throws(WorkerProtocol.Error) -> [FirestoreValue] {
        guard case .array(let values)? = map[key] else { throw missing(key, "an array") }
        return values
    }

    func strings(_ key: String) throws(WorkerProtocol.Error) -> [String] {
        var result: [String] = []
        for value in try array(key) {
            guard case .string(let text) = value else { throw missing(key, "an array of strings") }
            result.append(text)
        }
        return result
    }

    private func missing(_ key: String, _ expected: String) -> WorkerProtocol.Error {
        WorkerProtocol.Error(message: "\(key) must be \(expected)")
    }
}

/// What a worker is to do: the parent's first and only message to it.
struct WorkerAssignment {
    /// The campaign seed.
    var seed: UInt64
    /// The generation profile's name.
    var profile: String
    /// The mappers' names, the reference first.
    var mappers: [String]
    /// The journal to append findings to.
    var journalPath: String
    /// The first case to run.
    var firstCase: Int
    /// How many cases to run at most (nil: until the time is up).
    var cases: Int?
    /// How long to run at most (nil: until the cases are run).
    var timeLimitSeconds: Double?
    /// The most shrink candidates per unexpected finding.
    var shrinkAttempts: Int
    /// The most shrink candidates per expected finding.
    var expectedShrinkAttempts: Int
    /// The longest the shrinker works on one finding.
    var shrinkTimeSeconds: Double
    /// The id of the next new finding.
    var nextFindingID: Int
    /// The signatures already in the journal.
    var signatures: [String]
    /// A shrink candidate of a crash: when set, the worker runs only the case these choices
    /// make (numbered `firstCase`), announcing its mapper calls, and journals nothing.
    var replay: ChoiceSequence? = nil

    /// The assignment as JSON.
    var json: FirestoreValue {
        .map([
            "seed": .string(String(seed)), "profile": .string(profile), "mappers": .array(mappers.map(FirestoreValue.string)),
            "journal": .string(journalPath), "firstCase": .integer(Int64(firstCase)),
            "cases": cases.map { .integer(Int64($0)) } ?? .null, "timeLimitSeconds": timeLimitSeconds.map(FirestoreValue.double) ?? .null,
            "shrinkAttempts": .integer(Int64(shrinkAttempts)), "expectedShrinkAttempts": .integer(Int64(expectedShrinkAttempts)),
            "shrinkTimeSeconds": .double(shrinkTimeSeconds),
            "nextFindingID": .integer(Int64(nextFindingID)), "signatures": .array(signatures.map(FirestoreValue.string)),
            "replay": replay.map { .string($0.text) } ?? .null,
        ])
    }

    init(seed: UInt64, profile: String, mappers: [String], journalPath: String, firstCase: Int, cases: Int?,
         timeLimitSeconds: Double?, shrinkAttempts: Int, expectedShrinkAttempts: Int, shrinkTimeSeconds: Double,
         nextFindingID: Int, signatures: [String]) {
        self.seed = seed
        self.profile = profile
        self.mappers = mappers
        self.journalPath = journalPath
        self.firstCase = firstCase
        self.cases = cases
        self.timeLimitSeconds = timeLimitSeconds
        self.shrinkAttempts = shrinkAttempts
        self.expectedShrinkAttempts = expectedShrinkAttempts
        self.shrinkTimeSeconds = shrinkTimeSeconds
        self.nextFindingID = nextFindingID
        self.signatures = signatures
    }

    /// Reads an assignment.
    init(_ map: FirestoreMap) throws(WorkerProtocol.Error) {
        let object = ProtocolObject(map: map)
        guard let seed = UInt64(try object.string("seed")) else { throw WorkerProtocol.Error(message: "seed must be a decimal UInt64") }
        self.init(seed: seed, profile: try object.string("profile"), mappers: try object.strings("mappers"),
                  journalPath: try object.string("journal"), firstCase: try object.integer("firstCase"),
                  cases: try object.optionalInteger("cases"), timeLimitSeconds: try object.optionalDouble("timeLimitSeconds"),
                  shrinkAttempts: try object.integer("shrinkAttempts"), expectedShrinkAttempts: try object.integer("expectedShrinkAttempts"),
                  shrinkTimeSeconds: try object.double("shrinkTimeSeconds"),
                  nextFindingID: try object.integer("nextFindingID"), signatures: try object.strings("signatures"))
        if let text = try object.optionalString("replay") {
            do {
                replay = try ChoiceSequence(text: text)
            } catch {
                throw WorkerProtocol.Error(message: "replay must be a choice sequence: \(error)")
            }
        }
    }
}

/// One line of a worker's event stream, split into its name and its JSON payload (which the
/// parent reads only for the events it needs at once).
struct WorkerEventLine {
    /// `case`, `call`, `ran`, `finding`, `candidate` or `end`.
    let name: String
    /// What follows the name: JSON, or plain tokens for `call` and `candidate`.
    let payload: ArraySlice<UInt8>

    /// The names of the events.
    enum Name {
        static let caseStarted = "case"
        static let call = "call"
        static let finding = "finding"
        static let candidate = "candidate"
        static let ran = "ran"
        static let end = "end"
    }

    /// Splits a line (without its newline).
    init(_ line: ArraySlice<UInt8>) throws(WorkerProtocol.Error) {
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else {
            throw WorkerProtocol.Error(message: "an event line without a payload: \(OneLine.escaped(String(decoding: line.prefix(80), as: UTF8.self)))")
        }
        name = String(decoding: line[..<space], as: UTF8.self)
        payload = line[line.index(after: space)...]
    }

    /// The bytes of an event line with a JSON payload, newline included.
    static func encode(_ name: String, _ payload: FirestoreValue) throws(WorkerProtocol.Error) -> [UInt8] {
        encode(name, tokens: String(decoding: try WorkerProtocol.text(payload), as: UTF8.self))
    }

    /// The bytes of an event line with a plain payload, newline included.
    static func encode(_ name: String, tokens: String) -> [UInt8] {
        Array(name.utf8) + [UInt8(ascii: " ")] + Array(tokens.utf8) + [0x0A]
    }

    /// A plain payload: the text up to the first space, and the rest.
    static func tokens(_ payload: ArraySlice<UInt8>) -> (first: String, rest: String) {
        guard let space = payload.firstIndex(of: UInt8(ascii: " ")) else { return (String(decoding: payload, as: UTF8.self), "") }
        return (String(decoding: payload[..<space], as: UTF8.self), String(decoding: payload[payload.index(after: space)...], as: UTF8.self))
    }

    /// The payload as an object.
    func object() throws(WorkerProtocol.Error) -> ProtocolObject {
        ProtocolObject(map: try WorkerProtocol.object(payload))
    }
}

/// The census entry of a `ran` event.
struct CensusReport {
    /// The census signature.
    var signature: String
    /// The failure kind.
    var kind: FailureKind
    /// How often the case saw it.
    var count: Int
    /// An example failure: sent the first time a worker reports the signature.
    var example: MappingFailure?

    var json: FirestoreValue {
        .map(["signature": .string(signature), "kind": .string(kind.rawValue), "count": .integer(Int64(count)),
              "example": example.map(FailureCoding.encode) ?? .null])
    }

    init(signature: String, kind: FailureKind, count: Int, example: MappingFailure?) {
        self.signature = signature
        self.kind = kind
        self.count = count
        self.example = example
    }

    init(_ value: FirestoreValue) throws(WorkerProtocol.Error) {
        guard case .map(let map) = value else { throw WorkerProtocol.Error(message: "a census entry must be an object") }
        let object = ProtocolObject(map: map)
        signature = try object.string("signature")
        guard let kind = FailureKind(rawValue: try object.string("kind")) else { throw WorkerProtocol.Error(message: "unknown failure kind") }
        self.kind = kind
        count = try object.integer("count")
        switch map["example"] {
        case nil, .null?: example = nil
        case let value?: example = try FailureCoding.decode(value)
        }
    }
}

/// A `MappingFailure` as protocol JSON: `kind`, `path` (an array of keys and indexes),
/// `expected`, `found`, `message`, `hasPath`.
enum FailureCoding {
    static func encode(_ failure: MappingFailure) -> FirestoreValue {
        .map([
            "kind": .string(failure.kind.rawValue),
            "path": .array(failure.path.components.map { component in
                switch component {
                case .key(let key): return .string(key)
                case .index(let index): return .integer(Int64(index))
                }
            }),
            "expected": failure.expected.map(FirestoreValue.string) ?? .null,
            "found": failure.found.map(FirestoreValue.string) ?? .null,
            "message": .string(failure.message), "hasPath": .boolean(failure.hasPath),
        ])
    }

    static func decode(_ value: FirestoreValue) throws(WorkerProtocol.Error) -> MappingFailure {
        guard case .map(let map) = value else { throw WorkerProtocol.Error(message: "a failure must be an object") }
        let object = ProtocolObject(map: map)
        guard let kind = FailureKind(rawValue: try object.string("kind")) else { throw WorkerProtocol.Error(message: "unknown failure kind") }
        var components: [ValuePath.Component] = []
        for step in try object.array("path") {
            switch step {
            case .string(let key): components.append(.key(key))
            case .integer(let index):
                guard let position = Int(exactly: index) else { throw WorkerProtocol.Error(message: "a path index out of range") }
                components.append(.index(position))
            default: throw WorkerProtocol.Error(message: "a path step must be a key or an index")
            }
        }
        return MappingFailure(kind: kind, path: ValuePath(components), expected: try object.optionalString("expected"),
                              found: try object.optionalString("found"), message: try object.string("message"),
                              hasPath: try object.boolean("hasPath"))
    }
}
