import Crossfire
import CrossfireTestSupport
import FirestoreJSON
import FirestoreModel
import Foundation

/// A run's journal, read back.
enum CLIJournal {
    /// Every line of a journal as an object.
    static func records(_ url: URL) throws -> [FirestoreMap] {
        let reader = PlainJSONReader(options: JSONReadOptions(maximumStringBytes: 1 << 26, maximumDepth: JSONReadOptions.depthCeiling))
        return try ProcessResult.lines(String(decoding: try Data(contentsOf: url), as: UTF8.self)).map { line in
            guard case .map(let record) = try reader.readValue(from: line) else { throw CLIJournalError.notAnObject(line) }
            return record
        }
    }

    /// The records of one kind (`finding`, `shrunk`, …).
    static func records(_ records: [FirestoreMap], kind: String) -> [FirestoreMap] {
        records.filter { $0["record"] == .string(kind) }
    }

    /// A string member.
    static func string(_ record: FirestoreMap, _ key: String) -> String? {
        if case .string(let value)? = record[key] { return value }
        return nil
    }

    /// An integer member.
    static func integer(_ record: FirestoreMap, _ key: String) -> Int? {
        if case .integer(let value)? = record[key] { return Int(value) }
        return nil
    }

    /// The class key (canonical text) of a `class` or `shrunk` record.
    static func key(_ record: FirestoreMap) -> String? {
        string(record, "key")
    }

    /// An object member.
    static func object(_ record: FirestoreMap, _ key: String) -> FirestoreMap? {
        if case .map(let value)? = record[key] { return value }
        return nil
    }

    /// A `class` record's class in words: its `title`.
    static func title(_ record: FirestoreMap) -> String? {
        string(record, "title")
    }

    /// The allowlist entry of a `class` record: `explanation`'s id, nil for an unexpected class.
    static func explanationID(_ record: FirestoreMap) -> String? {
        object(record, "explanation").flatMap { string($0, "id") }
    }
}
