/// The kinds of field type a schema generator picks from, simplest first: choice 0 of a
/// type is `Bool`, so that lowering a choice simplifies a type.
package enum TypeKind: String, Hashable, Sendable, CaseIterable, Codable {
    case bool, integer, string, double, float, decimal, date, timestamp, url, data
    case geoPoint, documentReference, hexColor, enumeration, array, set, dictionary, structure

    /// Whether values of this kind hold other values (so need a deeper nesting level).
    package var isContainer: Bool {
        switch self {
        case .array, .set, .dictionary, .structure: return true
        default: return false
        }
    }
}

/// How often a schema generator picks each kind of field type: relative weights, 0 for never.
package struct TypeWeights: Hashable, Sendable, Codable {
    /// The weight of `Bool`.
    package var bool: Int
    /// The weight of the integer types.
    package var integer: Int
    /// The weight of `String`.
    package var string: Int
    /// The weight of `Double`.
    package var double: Int
    /// The weight of `Float`.
    package var float: Int
    /// The weight of `Decimal`.
    package var decimal: Int
    /// The weight of `Date`.
    package var date: Int
    /// The weight of `Timestamp`.
    package var timestamp: Int
    /// The weight of `URL`.
    package var url: Int
    /// The weight of `Data`.
    package var data: Int
    /// The weight of `GeoPoint`.
    package var geoPoint: Int
    /// The weight of `DocumentReference`.
    package var documentReference: Int
    /// The weight of the hex `Color`.
    package var hexColor: Int
    /// The weight of enums.
    package var enumeration: Int
    /// The weight of arrays.
    package var array: Int
    /// The weight of sets.
    package var set: Int
    /// The weight of dictionaries.
    package var dictionary: Int
    /// The weight of nested structs.
    package var structure: Int

    /// Weights for every kind, in `TypeKind.allCases` order.
    package init(
        bool: Int, integer: Int, string: Int, double: Int, float: Int, decimal: Int, date: Int, timestamp: Int,
        url: Int, data: Int, geoPoint: Int, documentReference: Int, hexColor: Int, enumeration: Int,
        array: Int, set: Int, dictionary: Int, structure: Int
    ) {
        self.bool = bool
        self.integer = integer
        self.string = string
        self.double = double
        self.float = float
        self.decimal = decimal
        self.date = date
        self.timestamp = timestamp
        self.url = url
        self.data = data
        self.geoPoint = geoPoint
        self.documentReference = documentReference
        self.hexColor = hexColor
        self.enumeration = enumeration
        self.array = array
        self.set = set
        self.dictionary = dictionary
        self.structure = structure
    }

    /// The weight of one kind.
    package subscript(kind: TypeKind) -> Int {
        switch kind {
        case .bool: return bool
        case .integer: return integer
        case .string: return string
        case .double: return double
        case .float: return float
        case .decimal: return decimal
        case .date: return date
        case .timestamp: return timestamp
        case .url: return url
        case .data: return data
        case .geoPoint: return geoPoint
        case .documentReference: return documentReference
        case .hexColor: return hexColor
        case .enumeration: return enumeration
        case .array: return array
        case .set: return set
        case .dictionary: return dictionary
        case .structure: return structure
        }
    }

    /// The weights in `TypeKind.allCases` order.
    package var ordered: [Int] { TypeKind.allCases.map { self[$0] } }

    /// A mix of every kind, scalars favoured.
    package static let balanced = TypeWeights(
        bool: 3, integer: 6, string: 6, double: 4, float: 2, decimal: 1, date: 2, timestamp: 2, url: 1, data: 1,
        geoPoint: 1, documentReference: 1, hexColor: 1, enumeration: 2, array: 3, set: 2, dictionary: 3, structure: 3
    )

    /// Containers and structs favoured, for deep schemas.
    package static let nested = TypeWeights(
        bool: 1, integer: 2, string: 2, double: 1, float: 1, decimal: 1, date: 1, timestamp: 1, url: 1, data: 1,
        geoPoint: 1, documentReference: 1, hexColor: 1, enumeration: 2, array: 6, set: 1, dictionary: 5, structure: 10
    )

    /// Scalars and enums only.
    package static let scalarsOnly = TypeWeights(
        bool: 3, integer: 6, string: 6, double: 4, float: 2, decimal: 1, date: 2, timestamp: 2, url: 1, data: 1,
        geoPoint: 1, documentReference: 1, hexColor: 1, enumeration: 2, array: 0, set: 0, dictionary: 0, structure: 0
    )
}
