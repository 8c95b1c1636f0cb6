import Crossfire
import FirestoreJSON
import FirestoreModel
import Foundation

/// The classes of an earlier `report.json` (`crossfire report --baseline OLD_REPORT.json`):
/// what a new report is compared with, class by class, by cause — a class's identity, whatever
/// symptom its first example showed. Only each class's cause is read, with whether it was
/// expected and its occurrences, and the run's cases: the counts tell an expected class whose
/// count collapsed.
package struct BaselineReport: Sendable, Hashable {
    /// The file it was read from, as named on the command line.
    package var source: String
    /// Its classes, in its order, each cause once.
    package var classes: [BaselineClass]
    /// Its run's cases (nil: not in it).
    package var cases: Int?

    /// A baseline of these classes.
    package init(source: String, classes: [BaselineClass], cases: Int? = nil) {
        self.source = source
        self.classes = classes
        self.cases = cases
    }

    /// Reads the `report.json` at `path`.
    /// - Throws: `BaselineReadError` naming the file and what is wrong with it.
    package static func read(path: String) throws(BaselineReadError) -> BaselineReport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw BaselineReadError(source: path, location: nil, message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw BaselineReadError(source: path, location: nil, message: "a folder, not a report.json (give its report.json)")
        }
        let bytes = try FileError.contents(of: path)
            .mapError { BaselineReadError(source: path, location: nil, message: "cannot read the file: \($0.reason)") }.get()
        return try BaselineReport(bytes: bytes, source: path)
    }

    /// Reads a `report.json`'s bytes; `source` names it in errors.
    /// - Throws: `BaselineReadError` when the bytes are not JSON (naming jansson's line and
    ///   column), not a report of a format version in `Report.baselineVersions`, or a member is malformed
    ///   (naming its path: `classes[3].key`).
    package init(bytes: [UInt8], source: String) throws(BaselineReadError) {
        let value: FirestoreValue
        do {
            value = try PlainJSONReader(options: JSONReadOptions(maximumStringBytes: 1 << 26, maximumDepth: JSONReadOptions.depthCeiling))
                .readValue(from: bytes)
        } catch {
            throw BaselineReadError(source: source, location: nil, message: "not JSON: \(error)")
        }
        do {
            try self.init(report: try JSONObject(value), source: source)
        } catch {
            throw BaselineReadError(source: source, location: error.location, message: error.message)
        }
    }

    /// Reads the members a baseline needs from a `report.json`'s top-level object: its format
    /// version, each class's cause, expectation and occurrences, and the run's cases.
    private init(report: JSONObject, source: String) throws(JSONObjectError) {
        let version = try report.integer("report")
        guard Report.baselineVersions.contains(version) else {
            throw report.error(at: "report", "report format version \(version); --baseline reads versions \(Report.baselineVersions.lowerBound) to "
                               + "\(Report.baselineVersions.upperBound), the report.json this Crossfire writes and the ones before it")
        }
        var classes: [BaselineClass] = []
        var positions: [CauseKey: Int] = [:]
        for (index, element) in try report.array("classes").enumerated() {
            let entry = try JSONObject(element, path: "classes[\(index)]")
            guard let text = try entry.optionalString("cause") else {
                throw entry.error(at: "cause", "no cause: a report written before finding classes were causes; run the baseline's campaign again with this Crossfire")
            }
            let cause: CauseKey
            do {
                cause = try CauseKey(canonical: text)
            } catch {
                throw entry.error(at: "cause", error.description)
            }
            let count = try entry.optionalInteger("occurrences").map { Int(clamping: $0) }
            if let position = positions[cause] {
                if let count { classes[position].occurrences = (classes[position].occurrences ?? 0) + count }
            } else {
                positions[cause] = classes.count
                classes.append(BaselineClass(cause: cause, expected: try entry.bool("expected"), occurrences: count))
            }
        }
        let cases = try report.optionalObject("totals")?.optionalInteger("cases").map { Int(clamping: $0) }
        self.init(source: source, classes: classes, cases: cases)
    }
}

/// One class of a baseline report: its cause, whether an allowlist entry explained it, and how
/// many cases showed it (nil: the report counted none).
package struct BaselineClass: Sendable, Hashable {
    /// The class.
    package var cause: CauseKey
    /// Whether an allowlist entry explained it.
    package var expected: Bool
    /// How many cases showed it.
    package var occurrences: Int?

    /// Creates a baseline class.
    package init(cause: CauseKey, expected: Bool, occurrences: Int?) {
        self.cause = cause
        self.expected = expected
        self.occurrences = occurrences
    }
}

/// Why a baseline report cannot be read: the file, where in its JSON, and what is wrong.
package struct BaselineReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    package let source: String
    /// Where in its JSON (`classes[3].key`, `(top level)`), when the problem is at one place.
    package let location: String?
    /// What is wrong.
    package let message: String

    /// Creates an error.
    package init(source: String, location: String?, message: String) {
        self.source = source
        self.location = location
        self.message = message
    }

    /// `old/report.json: classes[3].key: must be a string (a class key)`.
    package var description: String {
        "\(source): " + (location.map { "\($0): " } ?? "") + message
    }
}
