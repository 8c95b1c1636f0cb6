import FirestoreJSON
import FirestoreModel
import Foundation

/// A journal read back: the run's header, its classes (each with its examples and counts), the
/// last counts, and the summary when the run ended with one. See `JournalFormat` for the lines.
/// Every class's examples are in it whole: nothing is run again to read it.
///
/// A run killed mid-write can leave an unfinished last line (no newline, not valid JSON):
/// it is skipped and its number kept in `truncatedLine`. Any other damaged line — not JSON, not
/// a record, a record whose members are malformed — is skipped too, with its line number and
/// what was wrong kept in `damagedLines`, and every intact record around it is read. Only a
/// record of another journal format version is an error (the whole journal is then another
/// Crossfire's).
package struct Journal: Sendable {
    /// The `run` line, when the journal has one.
    package var header: JournalHeader?
    /// The classes, by id.
    package var classes: [JournalClass]
    /// The cases counted by the last `counts` or `summary` line.
    package var countedCases: Int?
    /// The `summary` line, when the run ended normally (and the line is intact).
    package var summary: JournalSummary?
    /// The number of an unfinished last line that was skipped.
    package var truncatedLine: Int?
    /// The damaged lines that were skipped, each with its line number and what was wrong, in
    /// line order.
    package var damagedLines: [JournalReadError]

    /// Reads the journal at `path`.
    package static func read(path: String) throws(JournalReadError) -> Journal {
        let bytes = try FileError.contents(of: path)
            .mapError { JournalReadError(source: path, line: nil, message: "cannot read the file: \($0.reason)") }.get()
        return try Journal(bytes: bytes, source: path)
    }

    /// Reads a journal's bytes; `source` names it in errors.
    package init(bytes: [UInt8], source: String = "journal") throws(JournalReadError) {
        header = nil
        classes = []
        summary = nil
        truncatedLine = nil
        damagedLines = []
        countedCases = nil
        var byID: [Int: JournalClass] = [:]
        var occurrences: [Int: Int] = [:]
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let endsWithNewline = bytes.last == 0x0A
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let isUnfinished = offset == lines.count - 1 && !endsWithNewline
            let value: FirestoreValue
            do {
                value = try PlainJSONReader(options: JSONReadOptions(maximumDepth: JSONReadOptions.depthCeiling)).readValue(from: Array(line))
            } catch {
                if isUnfinished {
                    truncatedLine = number
                    break
                }
                damagedLines.append(JournalReadError(source: source, line: number, message: "not a JSON line: \(error)"))
                continue
            }
            let fields = JournalLine(source: source, number: number, value: value)
            do {
                try fields.checkShape()
            } catch {
                damagedLines.append(error)
                continue
            }
            try fields.checkVersion()
            do {
                try read(fields, byID: &byID, occurrences: &occurrences)
            } catch {
                damagedLines.append(error)
            }
        }
        for (id, count) in occurrences { byID[id]?.occurrences = count }
        if let replay = header?.replay {
            for (id, found) in byID where found.reproduce == nil { byID[id]?.reproduce = "\(replay) --class \(id)" }
        }
        classes = byID.keys.sorted().compactMap { byID[$0] }
    }

    /// Takes one intact line's record in; a malformed record throws before it changes anything.
    private mutating func read(_ fields: JournalLine, byID: inout [Int: JournalClass], occurrences: inout [Int: Int]) throws(JournalReadError) {
        switch try fields.string("record") {
        case "run":
            if header == nil { header = try fields.header() }
        case "class":
            let found = try fields.classRecord()
            if byID[found.id] == nil { byID[found.id] = found }
        case "shrunk":
            let id = try fields.integer("id")
            guard byID[id] != nil else { throw fields.error("a shrunk record for class \(id), which no class record before it has") }
            let shrunk = try fields.example("example")
            let shrink = try fields.shrinkSummary()
            let reproduce = try fields.optionalString("reproduce")
            byID[id]?.shrunk = shrunk
            byID[id]?.shrink = shrink
            if let reproduce { byID[id]?.reproduce = reproduce }
        case "counts":
            let cases = try fields.integer("cases")
            occurrences = try fields.occurrences()
            countedCases = cases
        case "summary":
            let counts = try fields.occurrences()
            let details = try fields.classDetails()
            let ending = try fields.read { object throws(JSONObjectError) in try JournalSummary(reading: object, line: fields.number) }
            summary = ending
            countedCases = ending.totals.cases
            occurrences = counts
            for (id, details) in details where byID[id] != nil {
                byID[id]?.tally = details.tally
                byID[id]?.smallest = details.smallest
            }
        default:
            break // a record kind of a later version: nothing here needs it
        }
    }

    /// The class with the given id.
    package func findingClass(id: Int) -> JournalClass? {
        classes.first { $0.id == id }
    }
}

/// One parsed line of a journal: its record's members (read by `JSONObject`), with errors that
/// name the journal and the line.
private struct JournalLine {
    let source: String
    let number: Int
    let object: JSONObject

    init(source: String, number: Int, value: FirestoreValue) {
        self.source = source
        self.number = number
        if case .map(let map) = value {
            object = JSONObject(members: map, line: number)
        } else {
            object = JSONObject(members: FirestoreMap(), line: number)
        }
    }

    /// The record's members.
    var map: FirestoreMap { object.members }

    func error(_ message: String) -> JournalReadError {
        JournalReadError(source: source, line: number, message: message)
    }

    /// A record is a JSON object with the integer "journal" (its format version).
    func checkShape() throws(JournalReadError) {
        guard !map.isEmpty else { throw error("a journal line must be a JSON object with \"journal\" and \"record\"") }
        guard case .integer? = map["journal"] else { throw error("missing the integer \"journal\" (the format version)") }
    }

    /// The record is of the format version this Crossfire reads (after `checkShape()`).
    func checkVersion() throws(JournalReadError) {
        guard case .integer(let version)? = map["journal"], version != JournalFormat.version else { return }
        let written = version < JournalFormat.version ? "an older Crossfire" : "a newer Crossfire"
        throw error("journal format version \(version), written by \(written); this Crossfire reads version \(JournalFormat.version) only: replay or report it with the Crossfire that wrote it, or run the campaign again")
    }

    /// Reads members through `body`; its error becomes one on this line.
    func read<T>(_ body: (JSONObject) throws(JSONObjectError) -> T) throws(JournalReadError) -> T {
        try JournalReadError.reading(source) { () throws(JSONObjectError) in try body(object) }
    }

    func string(_ key: String) throws(JournalReadError) -> String {
        try read { object throws(JSONObjectError) in try object.string(key) }
    }

    func optionalString(_ key: String) throws(JournalReadError) -> String? {
        try read { object throws(JSONObjectError) in try object.optionalString(key) }
    }

    func integer(_ key: String) throws(JournalReadError) -> Int {
        Int(try read { object throws(JSONObjectError) in try object.integer(key) })
    }

    /// Member `key`, read from its canonical text by `parse`; its error names the member.
    func canonical<Value, Failure: Error>(_ key: String, _ parse: (String) throws(Failure) -> Value) throws(JournalReadError) -> Value {
        let text = try string(key)
        do {
            return try parse(text)
        } catch {
            throw self.error("\"\(key)\": \(error)")
        }
    }

    func header() throws(JournalReadError) -> JournalHeader {
        let mappers = try read { object throws(JSONObjectError) in try object.strings("mappers") }
        var seed: UInt64?
        if let text = try optionalString("seed") {
            guard let value = UInt64(text) else { throw error("\"seed\" must be a decimal UInt64, found \"\(text)\"") }
            seed = value
        }
        let limits = try read { object throws(JSONObjectError) in
            (cases: try object.optionalInteger("cases").map { Int($0) }, seconds: try object.optionalInteger("timeLimitSeconds").map { Int($0) })
        }
        return JournalHeader(seed: seed, profile: try string("profile"), mappers: mappers, cases: limits.cases,
                             timeLimitSeconds: limits.seconds, replay: try optionalString("replay"), line: number)
    }

    func classRecord() throws(JournalReadError) -> JournalClass {
        let id = try integer("id")
        guard id >= 1 else { throw error("\"id\" must be at least 1, found \(id)") }
        let key = try canonical("key") { text throws(FindingClassKey.ParseError) in try FindingClassKey(canonical: text) }
        let (expected, explanation, probes) = try read { object throws(JSONObjectError) in
            (try object.bool("expected"), try Self.explanation(object), try object.optionalStrings("probes"))
        }
        let cause = try canonical("cause") { text throws(CauseKey.ParseError) in try CauseKey(canonical: text) }
        guard expected == (explanation != nil), expected == !key.isUnexpected else {
            throw error("\"expected\", \"explanation\" and the key's allowlist entry disagree")
        }
        let first = try example("example")
        return JournalClass(id: id, cause: cause, probes: probes, key: key, expected: expected, explanation: explanation,
                            line: number, first: first, shrunk: nil, shrink: nil, smallest: nil, occurrences: nil, tally: ClassTally(),
                            reproduce: try optionalString("reproduce"))
    }

    func example(_ name: String) throws(JournalReadError) -> JournalExample {
        try read { object throws(JSONObjectError) in try JournalExample(try object.object(name), line: number) }
    }

    func shrinkSummary() throws(JournalReadError) -> ShrinkSummary? {
        try read { object throws(JSONObjectError) in try object.optionalObject("shrink").map(ShrinkSummary.init(reading:)) }
    }

    /// A class line's `explanation`: `{id, reason}`, or null.
    private static func explanation(_ object: JSONObject) throws(JSONObjectError) -> (id: String, reason: String)? {
        try object.optionalObject("explanation").map { entry throws(JSONObjectError) in (try entry.string("id"), try entry.string("reason")) }
    }

    func occurrences() throws(JournalReadError) -> [Int: Int] {
        try read { object throws(JSONObjectError) in try Self.countsByClass(try object.object("occurrences")) }
    }

    /// An object of counts by class id (`{"3": 12}`).
    private static func countsByClass(_ counts: JSONObject) throws(JSONObjectError) -> [Int: Int] {
        var result: [Int: Int] = [:]
        for id in counts.members.keys { result[try classID(id, in: counts)] = Int(try counts.integer(id)) }
        return result
    }

    /// A member name that is a class id.
    private static func classID(_ name: String, in object: JSONObject) throws(JSONObjectError) -> Int {
        guard let id = Int(name), id >= 1 else { throw object.error(at: name, "expected a class id (a whole number from 1)") }
        return id
    }

    /// One class's entry in the summary's `classes`: its tally and its smallest example.
    typealias ClassDetails = (tally: ClassTally, smallest: JournalExample?)

    func classDetails() throws(JournalReadError) -> [(Int, ClassDetails)] {
        try read { object throws(JSONObjectError) in
            guard let classes = try object.optionalObject("classes") else { return [] }
            var result: [(Int, ClassDetails)] = []
            for name in classes.members.keys {
                let parts = try classes.object(name)
                let smallest = try parts.optionalObject("smallest").map { example throws(JSONObjectError) in try JournalExample(example, line: number) }
                result.append((try Self.classID(name, in: classes), (try ClassTally(reading: parts), smallest)))
            }
            return result
        }
    }
}
