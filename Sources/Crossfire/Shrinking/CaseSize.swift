import FirestoreModel
import ModelSchema

/// How big a case is, as shrink reports count it.
package struct CaseSize: Hashable, Sendable, CustomStringConvertible {
    /// Values in the document (every map, array and scalar, the root map included); nil without a document.
    package var documentValues: Int?
    /// Values in the model value; nil without one.
    package var modelValues: Int?
    /// Fields over all structs of the schema.
    package var schemaFields: Int
    /// Structs and enums of the schema.
    package var schemaTypes: Int
    /// Recorded choices; nil when the case has none.
    package var choices: Int?

    /// Measures a case.
    package init(_ record: CaseRecord) {
        documentValues = record.document.map { CaseSize.count(.map($0)) }
        modelValues = record.model.map(CaseSize.count)
        schemaFields = record.schema.structs.reduce(0) { $0 + $1.fields.count }
        schemaTypes = record.schema.structs.count + record.schema.enums.count
        choices = record.choices?.count
    }

    /// One number for comparing sizes: schema fields, document values and model values
    /// together.
    package var weight: Int { schemaFields + (documentValues ?? 0) + (modelValues ?? 0) }

    /// `document 12 values, model 9 values, schema 2 types with 5 fields, 140 choices`.
    package var description: String {
        var parts: [String] = []
        parts.append(documentValues.map { "document \($0) values" } ?? "no document")
        parts.append(modelValues.map { "model \($0) values" } ?? "no model value")
        parts.append("schema \(schemaTypes) types with \(schemaFields) fields")
        if let choices { parts.append("\(choices) choices") }
        return parts.joined(separator: ", ")
    }

    private static func count(_ value: FirestoreValue) -> Int {
        switch value {
        case .map(let map): return 1 + map.values.reduce(0) { $0 + count($1) }
        case .array(let values): return 1 + values.reduce(0) { $0 + count($1) }
        default: return 1
        }
    }

    private static func count(_ value: ModelValue) -> Int {
        switch value {
        case .structure(let fields): return 1 + fields.reduce(0) { $0 + count($1.value) }
        case .array(let values), .set(let values): return 1 + values.reduce(0) { $0 + count($1) }
        case .dictionary(let entries): return 1 + entries.reduce(0) { $0 + count($1.key) + count($1.value) }
        default: return 1
        }
    }
}
