import FirestoreJSON
import FirestoreModel

/// The protocol between an isolated run (`crossfire run --isolate`, the parent) and its
/// worker, `crossfire run --worker`, the same binary.
///
/// **Assignment.** The parent writes one JSON object to the worker's standard input and
/// closes it (`WorkerAssignment`): the campaign (seed, profile, mappers), the journal's path,
/// the cases to run (`firstCase`, `cases`, `timeLimitSeconds`), and what the journal already
/// holds (`nextClassID`, `classes`: `{id, key}` each), so that the worker numbers on and
/// journals no class twice. With `replay` (a choice sequence), the worker runs only the case
/// those choices make, sends its `case`, `call`, `ran` and `end` events and journals nothing:
/// the parent shrinks a crash this way, one worker per candidate.
///
/// **Events.** The worker writes one event per line on its standard output, `NAME PAYLOAD`,
/// every line with one `write(2)` before what it announces happens. The frequent events
/// carry plain tokens, the others a JSON object:
///
/// - `case {"index": N}` — case N starts;
/// - `call CHECK MAPPER` — a mapper is about to be called; CHECK is `decode`, `encode` or
///   `roundTrip`, told from the order of a mapper's calls within a case;
/// - `ran {"index", "classes", "census", "cells", "setupFailure"}` — case N has run its checks:
///   each class its findings belong to, once (`key`, `leafTypes` and `cells` of its findings in
///   this case), its error census entries (`check`, `mapper`, `kind`, `situation`, `count`, and
///   `example` — a failure — the first time the worker reports the situation), the grid cells
///   it exercised (`{cell: count}`), and why its mappers could not be prepared, if so;
/// - `class {"id", "key", "path"}` — a class first seen in the case is in the journal (its
///   `class` line); when it is unexpected the worker shrinks it next and appends its `shrunk`
///   line, then sends `shrunk {"id", "path", "shrink"}`;
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
    /// The most shrink candidates per new unexpected class.
    var shrinkAttempts: Int
    /// The longest the shrinker works on one class.
    var shrinkTimeSeconds: Double
    /// The id of the next new class.
    var nextClassID: Int
    /// The classes already in the journal, by key.
    var classes: [FindingClassKey: Int]
    /// A shrink candidate of a crash: when set, the worker runs only the case these choices
    /// make (numbered `firstCase`), announcing its mapper calls, and journals nothing.
    var replay: ChoiceSequence? = nil

    /// The assignment as JSON.
    var json: FirestoreValue {
        .map([
            "seed": .string(String(seed)), "profile": .string(profile), "mappers": .array(mappers.map(FirestoreValue.string)),
            "journal": .string(journalPath), "firstCase": .integer(Int64(firstCase)),
            "cases": cases.map { .integer(Int64($0)) } ?? .null, "timeLimitSeconds": timeLimitSeconds.map(FirestoreValue.double) ?? .null,
            "shrinkAttempts": .integer(Int64(shrinkAttempts)), "shrinkTimeSeconds": .double(shrinkTimeSeconds),
            "nextClassID": .integer(Int64(nextClassID)),
            "classes": .array(classes.sorted { $0.value < $1.value }.map { .map(["id": .integer(Int64($0.value)), "key": .string($0.key.canonical)]) }),
            "replay": replay.map { .string($0.text) } ?? .null,
        ])
    }

    init(seed: UInt64, profile: String, mappers: [String], journalPath: String, firstCase: Int, cases: Int?,
         timeLimitSeconds: Double?, shrinkAttempts: Int, shrinkTimeSeconds: Double, nextClassID: Int, classes: [FindingClassKey: Int]) {
        self.seed = seed
        self.profile = profile
        self.mappers = mappers
        self.journalPath = journalPath
        self.firstCase = firstCase
        self.cases = cases
        self.timeLimitSeconds = timeLimitSeconds
        self.shrinkAttempts = shrinkAttempts
        self.shrinkTimeSeconds = shrinkTimeSeconds
        self.nextClassID = nextClassID
        self.classes = classes
    }

    /// Reads an assignment.
    init(_ map: FirestoreMap) throws(WorkerProtocol.Error) {
        let object = ProtocolObject(map: map)
        guard let seed = UInt64(try object.string("seed")) else { throw WorkerProtocol.Error(message: "seed must be a decimal UInt64") }
        self.init(seed: seed, profile: try object.string("profile"), mappers: try object.strings("mappers"),
                  journalPath: try object.string("journal"), firstCase: try object.integer("firstCase"),
                  cases: try object.optionalInteger("cases"), timeLimitSeconds: try object.optionalDouble("timeLimitSeconds"),
                  shrinkAttempts: try object.integer("shrinkAttempts"), shrinkTimeSeconds: try object.double("shrinkTimeSeconds"),
                  nextClassID: try object.integer("nextClassID"), classes: try WorkerProtocol.classes(try object.array("classes")))
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
    /// `case`, `call`, `ran`, `class`, `shrunk`, `candidate` or `end`.
    let name: String
    /// What follows the name: JSON, or plain tokens for `call` and `candidate`.
    let payload: ArraySlice<UInt8>

    /// The names of the events.
    enum Name {
        static let caseStarted = "case"
        static let call = "call"
        static let newClass = "class"
        static let shrunk = "shrunk"
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
    /// What the census counts it under.
    var key: ErrorCensus.Key
    /// How often the case saw it.
    var count: Int
    /// An example failure: sent the first time a worker reports the situation.
    var example: MappingFailure?

    var json: FirestoreValue {
        .map(["check": .string(key.check.rawValue), "mapper": .string(key.mapper), "kind": .string(key.kind.rawValue),
              "situation": .string(key.situation), "count": .integer(Int64(count)), "example": example.map(FailureCoding.encode) ?? .null])
    }

    init(key: ErrorCensus.Key, count: Int, example: MappingFailure?) {
        self.key = key
        self.count = count
        self.example = example
    }

    init(_ value: FirestoreValue) throws(WorkerProtocol.Error) {
        guard case .map(let map) = value else { throw WorkerProtocol.Error(message: "a census entry must be an object") }
        let object = ProtocolObject(map: map)
        guard let check = CheckKind(rawValue: try object.string("check")) else { throw WorkerProtocol.Error(message: "unknown check") }
        guard let kind = FailureKind(rawValue: try object.string("kind")) else { throw WorkerProtocol.Error(message: "unknown failure kind") }
        key = ErrorCensus.Key(check: check, mapper: try object.string("mapper"), kind: kind, situation: try object.string("situation"))
        count = try object.integer("count")
        switch map["example"] {
        case nil, .null?: example = nil
        case let value?: example = try FailureCoding.decode(value)
        }
    }
}

/// One class of a `ran` event: what the case's findings of that class were like.
struct ClassReport {
    /// The class.
    var key: FindingClassKey
    /// The exact Swift types of its leaves in the case.
    var leafTypes: [String: Int]
    /// The grid cells its findings fell in.
    var cells: [GridCell: Int]

    var json: FirestoreValue {
        .map(["key": .string(key.canonical), "leafTypes": WorkerProtocol.counts(leafTypes),
              "cells": WorkerProtocol.counts(Dictionary(uniqueKeysWithValues: cells.map { ($0.key.token, $0.value) }))])
    }

    init(key: FindingClassKey, leafTypes: [String: Int], cells: [GridCell: Int]) {
        self.key = key
        self.leafTypes = leafTypes
        self.cells = cells
    }

    init(_ value: FirestoreValue) throws(WorkerProtocol.Error) {
        guard case .map(let map) = value else { throw WorkerProtocol.Error(message: "a class report must be an object") }
        let object = ProtocolObject(map: map)
        key = try WorkerProtocol.classKey(try object.string("key"))
        leafTypes = try WorkerProtocol.counts(map["leafTypes"])
        cells = try WorkerProtocol.cells(map["cells"])
    }
}

extension WorkerProtocol {
    /// A class key from its canonical text.
    static func classKey(_ text: String) throws(Error) -> FindingClassKey {
        do {
            return try FindingClassKey(canonical: text)
        } catch {
            throw Error(message: error.description)
        }
    }

    /// The `classes` of an assignment: `{id, key}` each.
    static func classes(_ values: [FirestoreValue]) throws(Error) -> [FindingClassKey: Int] {
        var result: [FindingClassKey: Int] = [:]
        for value in values {
            guard case .map(let map) = value else { throw Error(message: "a class must be an object") }
            let object = ProtocolObject(map: map)
            result[try classKey(try object.string("key"))] = try object.integer("id")
        }
        return result
    }

    /// Counts by name as JSON.
    static func counts(_ counts: [String: Int]) -> FirestoreValue {
        .map(FirestoreMap(counts.sorted { $0.key < $1.key }.map { ($0.key, .integer(Int64($0.value))) }))
    }

    /// Counts by name read back.
    static func counts(_ value: FirestoreValue?) throws(Error) -> [String: Int] {
        guard case .map(let map)? = value else { throw Error(message: "counts must be an object") }
        var result: [String: Int] = [:]
        for (name, count) in map {
            guard case .integer(let number) = count, let value = Int(exactly: number) else { throw Error(message: "a count must be an integer") }
            result[name] = value
        }
        return result
    }

    /// Counts by grid cell read back.
    static func cells(_ value: FirestoreValue?) throws(Error) -> [GridCell: Int] {
        var result: [GridCell: Int] = [:]
        for (token, count) in try counts(value) {
            guard let cell = GridCell(token: token) else { throw Error(message: "\"\(token)\" is not a grid cell") }
            result[cell] = count
        }
        return result
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
