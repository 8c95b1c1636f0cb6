import FirestoreModel
import Foundation
import ModelSchema

/// The value a reflective model's property is declared with (a Salada model class gives every
/// property one: `dynamic var age: Int = 0`, `dynamic var type: UserType = .first`), which it
/// keeps until a read sets it.
///
/// Nil for optionals; the schema's zero value where the type has one (`""`, `false`, `0`, empty
/// collections — what a property left out of `CodingKeys` holds, so that the two families agree
/// there); otherwise the Unix epoch (`Date`, `Timestamp`), `about:blank` (`URL`), empty `Data`,
/// `GeoPoint(0, 0)`, the reference `initial/value`, opaque black, an enum's first case, and a
/// struct of initial values.
struct InitialValues {
    /// The schema whose enums and structs are looked up.
    let schema: ModelSchema

    /// How deep structs of initial values are built before a schema that nests a struct in
    /// itself (which validation refuses) is cut off with nil.
    private static let depthLimit = 32

    /// The initial value of a property of `type`.
    func value(of type: FieldType) -> ModelValue { // Apart from HandMapper's ZeroValues on purpose: the differ compares the two.
        value(of: type, depth: 0)
    }

    private func value(of type: FieldType, depth: Int) -> ModelValue {
        if let zero = type.zeroValue { return zero }
        switch type {
        case .date: return .date(Date(timeIntervalSince1970: 0))
        case .url: return URL(string: "about:blank").map(ModelValue.url) ?? .null
        case .data: return .data(Data())
        case .timestamp: return .timestamp(Timestamp(seconds: 0, nanoseconds: 0))
        case .geoPoint: return .geoPoint(GeoPoint(latitude: 0, longitude: 0))
        case .documentReference: return (try? DocumentReference(segments: ["initial", "value"])).map(ModelValue.reference) ?? .null
        case .hexColor: return .color(RGBAColor(red: 0, green: 0, blue: 0))
        case .enumeration(let name): return schema.enumSchema(named: name)?.cases.first.map { .enumCase($0.name) } ?? .null
        case .structure(let name):
            guard depth < InitialValues.depthLimit, let structSchema = schema.structSchema(named: name) else { return .null }
            return .structure(structSchema.fields.map { ModelField(name: $0.name, value: value(of: $0.type, depth: depth + 1)) })
        default: return .null
        }
    }
}
