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
    /// The zero value of each struct, by struct index, each made once.
    private let structZeros: [ModelValue]
    let enums: [EnumPlan]

    /// How deep zero structs are built inside each other before a schema that nests a
    /// struct in itself (which Swift would reject) is cut off with nil.
    private static let depthLimit = 32

    /// The zero values of a schema's structs, given each struct's fields (name and type) by
    /// struct index.
    init(structFields: [[(name: String, type: TypePlan)]], enums: [EnumPlan]) {
        self.enums = enums
        // A struct's zero value depends on how deep it sits only where the depth limit cuts
        // it off: each struct is made once per depth it is met at.
        var made: [Int: ModelValue] = [:]
        func structZero(_ index: Int, depth: Int) -> ModelValue {
            guard depth < ZeroValues.depthLimit else { return .null }
            let key = index * ZeroValues.depthLimit + depth
            if let known = made[key] { return known }
            let value = ModelValue.structure(structFields[index].map { field in
                let nested: ModelValue
                if case .structure(let inner) = field.type {
                    nested = structZero(inner, depth: depth + 1)
                } else {
                    nested = ZeroValues.unstructured(field.type, enums: enums)
                }
                return ModelField(name: field.name, value: nested)
            })
            made[key] = value
            return value
        }
        structZeros = structFields.indices.map { structZero($0, depth: 0) }
    }

    /// The zero value of a type.
    func value(of type: TypePlan) -> ModelValue { // Apart from ReflectiveMapper's InitialValues on purpose: the differ compares the two.
        if case .structure(let index) = type { return structZeros[index] }
        return ZeroValues.unstructured(type, enums: enums)
    }

    /// The zero value of a type other than a struct.
    private static func unstructured(_ type: TypePlan, enums: [EnumPlan]) -> ModelValue {
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
        case .optional, .undefined, .structure: return .null
        case .array: return .array([])
        case .set: return .set([])
        case .stringDictionary, .intDictionary, .enumDictionary: return .dictionary([])
        }
    }
}
