import FirestoreJSON
import FirestoreModel

/// The check behind the `FuzzRESTJSON` libFuzzer target: any bytes go to the REST JSON
/// document reader, which must give a document or a `FirestoreJSONError` — never crash.
/// Whatever it reads must write back (in every layout) and read again to an equal document,
/// compared as typed values (`RESTDocument` `==`: NaN equals NaN, −0.0 is not 0.0, integers
/// are not doubles), never as JSON text (jansson reads `1.0` and `-0` as integers).
public enum RESTJSONRoundTrip {
    /// The writers the round trip goes through: compact with sorted keys, and the default
    /// indented layout in insertion order.
    static let writers = [
        RESTJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .compact)),
        RESTJSONWriter(options: .default),
    ]

    /// `pass` when the input is rejected with an error or survives the round trip, `fail` with
    /// what went wrong and where otherwise.
    public static func check(_ input: [UInt8]) -> FuzzVerdict {
        let reader = RESTJSONReader()
        let document: RESTDocument
        do {
            document = try reader.readDocument(from: input)
        } catch {
            return .pass
        }
        for writer in writers {
            let layout = "\(writer.options.layout)\(writer.options.sortedKeys ? ", sorted keys" : "")"
            let written: [UInt8]
            do {
                written = try writer.write(document)
            } catch {
                return failure("the reader accepted the input but the writer (\(layout)) refuses the document: \(error)", input: input)
            }
            let again: RESTDocument
            do {
                again = try reader.readDocument(from: written)
            } catch {
                return failure("the writer's output (\(layout)) does not read back: \(error)\n  written: \(FuzzVerdict.oneLine(String(decoding: written, as: UTF8.self)))", input: input)
            }
            if let problem = difference(document, again) {
                return failure("the document read back differently after writing (\(layout)): \(problem)", input: input)
            }
        }
        return .pass
    }

    /// What differs between two documents, or nil when they are equal.
    static func difference(_ before: RESTDocument, _ after: RESTDocument) -> String? {
        if before.reference != after.reference {
            return "name \(before.reference?.resourceName ?? "none") became \(after.reference?.resourceName ?? "none")"
        }
        if before.createTime != after.createTime { return "createTime \(String(describing: before.createTime)) became \(String(describing: after.createTime))" }
        if before.updateTime != after.updateTime { return "updateTime \(String(describing: before.updateTime)) became \(String(describing: after.updateTime))" }
        guard let difference = StoredValueDifference.first(before.fields, after.fields) else { return nil }
        return "at fields.\(difference.path): \(FuzzVerdict.oneLine(difference.before)) became \(FuzzVerdict.oneLine(difference.after))"
    }

    private static func failure(_ problem: String, input: [UInt8]) -> FuzzVerdict {
        .fail(report: "crossfire FuzzRESTJSON: \(problem)\n  input: \(FuzzVerdict.oneLine(String(decoding: input, as: UTF8.self)))\n")
    }
}
