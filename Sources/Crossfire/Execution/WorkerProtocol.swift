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
/// Messages are written as the journal's lines are (`JSONText`) and read through `JSONObject`,
/// so a malformed one is named by its member's path.
///
/// **Events.** The worker writes one event per line on its standard output, `NAME PAYLOAD`,
/// every line with one `write(2)` before what it announces happens. The frequent events
/// carry plain tokens, the others a JSON object:
///
/// - `case {"index": N}` — case N starts;
/// - `call CHECK MAPPER` — a mapper is about to be called; CHECK is `decode`, `encode` or
///   `roundTrip`, told from the order of a mapper's calls within a case;
/// - `ran {"index", "classes", "totals"}` — case N has run its checks: each class its findings
///   belong to, once (`key`, `leafTypes` and `cells` of its findings in this case), and what
///   the case adds to the run's totals (a `CampaignTotals`, in the members the journal's
///   `summary` line has too);
/// - `class {"id", "key", "path"}` — a class first seen in the case is in the journal (its
///   `class` line); when it is unexpected the worker shrinks it next and appends its `shrunk`
///   line, then sends `shrunk {"id", "path", "shrink"}` (`shrink` as the journal writes it:
///   `ShrinkSummary.json`, or null);
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

    /// The object a JSON text holds; `what` names the message in errors.
    static func object(_ text: some Collection<UInt8>, what: String) throws(Error) -> JSONObject {
        do {
            return try JSONObject(try PlainJSONReader(options: JSONReadOptions(maximumStringBytes: 1 << 30)).readValue(from: Array(text)))
        } catch {
            throw Error(message: "\(what): \(error)")
        }
    }

    /// Reads message `what`'s members through `body`; its error becomes a protocol error that
    /// names the message and the member.
    static func reading<T>(_ what: String, _ body: () throws(JSONObjectError) -> T) throws(Error) -> T {
        do {
            return try body()
        } catch {
            throw Error(message: "\(what): \(error)")
        }
    }

    /// A symptom key from its canonical text, member `key` of `object`.
    static func classKey(_ object: JSONObject, _ key: String) throws(JSONObjectError) -> FindingClassKey {
        try canonical(object, key) { text throws(FindingClassKey.ParseError) in try FindingClassKey(canonical: text) }
    }

    /// A cause from its canonical text, member `key` of `object`.
    static func cause(_ object: JSONObject, _ key: String) throws(JSONObjectError) -> CauseKey {
        try canonical(object, key) { text throws(CauseKey.ParseError) in try CauseKey(canonical: text) }
    }

    /// Member `key` of `object` read from its canonical text by `parse`; its error names the member.
    private static func canonical<Value, Failure: Swift.Error & CustomStringConvertible>(
        _ object: JSONObject, _ key: String, _ parse: (String) throws(Failure) -> Value) throws(JSONObjectError) -> Value {
        let text = try object.string(key)
        do {
            return try parse(text)
        } catch {
            throw object.error(at: key, error.description)
        }
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
    /// The classes already in the journal, by cause.
    var classes: [CauseKey: Int]
    /// A shrink candidate of a crash: when set, the worker runs only the case these choices
    /// make (numbered `firstCase`), announcing its mapper calls, and journals nothing.
    var replay: ChoiceSequence? = nil

    /// The assignment as JSON.
    var json: JSONText {
        .object([
            ("seed", .string(String(seed))), ("profile", .string(profile)), ("mappers", .array(mappers.map(JSONText.string))),
            ("journal", .string(journalPath)), ("firstCase", .integer(firstCase)),
            ("cases", cases.map { .integer($0) } ?? .null), ("timeLimitSeconds", timeLimitSeconds.map(JSONText.number) ?? .null),
            ("shrinkAttempts", .integer(shrinkAttempts)), ("shrinkTimeSeconds", .number(shrinkTimeSeconds)),
            ("nextClassID", .integer(nextClassID)),
            ("classes", .array(classes.sorted { $0.value < $1.value }.map { .object([("id", .integer($0.value)), ("cause", .string($0.key.canonical))]) })),
            ("replay", replay.map { .string($0.text) } ?? .null),
        ])
    }

    init(seed: UInt64, profile: String, mappers: [String], journalPath: String, firstCase: Int, cases: Int?,
         timeLimitSeconds: Double?, shrinkAttempts: Int, shrinkTimeSeconds: Double, nextClassID: Int, classes: [CauseKey: Int]) {
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
    init(reading object: JSONObject) throws(JSONObjectError) {
        let seedText = try object.string("seed")
        guard let seed = UInt64(seedText) else { throw object.error(at: "seed", "expected a decimal UInt64, found \(JSONObject.quoted(seedText))") }
        var classes: [CauseKey: Int] = [:]
        for entry in try object.objects("classes") { classes[try WorkerProtocol.cause(entry, "cause")] = Int(try entry.integer("id")) }
        self.init(seed: seed, profile: try object.string("profile"), mappers: try object.strings("mappers"),
                  journalPath: try object.string("journal"), firstCase: Int(try object.integer("firstCase")),
                  cases: try object.optionalInteger("cases").map { Int($0) }, timeLimitSeconds: try object.optionalNumber("timeLimitSeconds"),
                  shrinkAttempts: Int(try object.integer("shrinkAttempts")), shrinkTimeSeconds: try object.number("shrinkTimeSeconds"),
                  nextClassID: Int(try object.integer("nextClassID")), classes: classes)
        if let text = try object.optionalString("replay") {
            do {
                replay = try ChoiceSequence(text: text)
            } catch {
                throw object.error(at: "replay", "expected a choice sequence: \(error)")
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
    static func encode(_ name: String, _ payload: JSONText) -> [UInt8] {
        Array(name.utf8) + [UInt8(ascii: " ")] + payload.bytes + [0x0A]
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
    func object() throws(WorkerProtocol.Error) -> JSONObject {
        try WorkerProtocol.object(payload, what: "the \(name) event")
    }
}

/// One class of a `ran` event: what the case's findings of that class were like.
struct ClassReport {
    /// The class.
    var cause: CauseKey
    /// What the case's findings of it add up to.
    var tally: ClassTally

    var json: JSONText {
        .object([("cause", .string(cause.canonical))] + tally.members)
    }

    init(cause: CauseKey, tally: ClassTally) {
        self.cause = cause
        self.tally = tally
    }

    init(reading object: JSONObject) throws(JSONObjectError) {
        cause = try WorkerProtocol.cause(object, "cause")
        tally = try ClassTally(reading: object)
    }
}
