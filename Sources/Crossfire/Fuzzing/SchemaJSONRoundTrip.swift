import Foundation
import ModelSchema

/// The check behind the `FuzzSchemaJSON` libFuzzer target: any bytes go to the schema JSON
/// reader (`ModelSchema(json:)`: jansson, then the schema's members through `JSONObject`), which must give a schema or a
/// `SchemaError` — never crash. A schema it reads must write back (`jsonData()`) and read
/// again to an equal schema; validation must give a verdict, and a valid schema must emit its
/// Swift source (`SwiftEmitter`) or say why not.
public enum SchemaJSONRoundTrip {
    /// `pass` when the input is rejected with an error or survives, `fail` with what went
    /// wrong otherwise.
    public static func check(_ input: [UInt8]) -> FuzzVerdict {
        let schema: ModelSchema
        do {
            schema = try ModelSchema(json: Data(input))
        } catch {
            return .pass
        }
        let written = schema.jsonData()
        let again: ModelSchema
        do {
            again = try ModelSchema(json: written)
        } catch {
            return failure("the schema's JSON form does not read back: \(error)\n  written: \(FuzzVerdict.oneLine(String(decoding: written, as: UTF8.self)))", input: input)
        }
        guard again == schema else {
            return failure("the schema read back differently from its JSON form: \(FuzzVerdict.oneLine(String(decoding: written, as: UTF8.self)))", input: input)
        }
        guard let valid = try? schema.validated() else { return .pass }
        _ = try? SwiftEmitter(namespace: "Fuzz").emit(valid)
        return .pass
    }

    private static func failure(_ problem: String, input: [UInt8]) -> FuzzVerdict {
        .fail(report: "crossfire FuzzSchemaJSON: \(problem)\n  input: \(FuzzVerdict.oneLine(String(decoding: input, as: UTF8.self)))\n")
    }
}
