import FirestoreModel
import Foundation
import ModelSchema

/// The value a property keeps when nothing sets it: what the hand mapper leaves in a
/// property left out of `CodingKeys`, and what the lenient idiom substitutes (`?? default`).
///
/// `nil`, `""`, `0`, `false` and empty collections; for the other types: the Unix epoch
/// (`Date`, `Timestamp`), `about:blank` (`URL`), empty `Data`, `GeoPoint(0, 0)`, the
/// reference `zero/zero` in the default database, opaque black (`Color`), an enum's first
/// case, and a struct of zero values.
struct ZeroValues: Sendable {
    /// The fields of each struct (name and type), by struct index.
    let structFields: [[(name: String, type: TypePlan)]]
    let enums: [EnumPlan]

    /// How deep zero structs are built inside each other before a schema that nests a
    /// struct in itself (which Swift would reject) is cut off with nil.
    private static let depthLimit = 32

    /// The zero value of a type.
    func value(of type: TypePlan) -> ModelValue {
        value(of: type, depth: 0)
    }

    private func value(of type: TypePlan, depth: Int) -> ModelValue {
        switch type {
        case .string: return .string("")
        case .bool: return .bool(false)
        case .integer(let width): return width.isSigned ? .int(0) : .uint(0)
        case .float: return .float(0)
        case .double: return .double(0)
        case .decimal: return .decimal(Decimal())
        case .date: return .date(Date(timeIntervalSince1970: 0))
        case .url: return URL(string: "about:blank").map(ModelValue.url) ?? .null
        case .data: return .data(Data())
        case .timestamp: return .timestamp(Timestamp(seconds: 0, nanoseconds: 0))
        case .geoPoint: return .geoPoint(GeoPoint(latitude: 0, longitude: 0))
        case .documentReference: return (try? DocumentReference(segments: ["zero", "zero"])).map(ModelValue.reference) ?? .null
        case .hexColor: return .color(RGBAColor(red: 0, green: 0, blue: 0))
        case .enumeration(let index): return enums[index].caseNames.first.map(ModelValue.enumCase) ?? .null
        case .structure(let index):
            guard depth < ZeroValues.depthLimit else { return .null }
            return .structure(structFields[index].map { ModelField(name: $0.name, value: value(of: $0.type, depth: depth + 1)) })
        case .optional, .undefined: return .null
        case .array: return .array([])
        case .set: return .set([])
        case .stringDictionary, .intDictionary, .enumDictionary: return .dictionary([])
        }
    }
}
