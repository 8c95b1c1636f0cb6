/// A vector embedding: an array of doubles. On the wire it is a map with
/// `__type__: "__vector__"` and `value: [doubles]`.
public struct VectorValue: Hashable, Sendable, CustomStringConvertible {
    /// The components, in order.
    public let array: [Double]

    /// Creates a vector from its components.
    public init(_ array: [Double]) {
        self.array = array
    }

    public static func == (lhs: VectorValue, rhs: VectorValue) -> Bool {
        lhs.array.count == rhs.array.count
            && zip(lhs.array, rhs.array).allSatisfy { FirestoreValue.doublesAreIdentical($0, $1) }
    }

    public func hash(into hasher: inout Hasher) {
        for element in array { hasher.combine(FirestoreValue.normalizedBits(element)) }
    }

    public var description: String { "VectorValue(\(array))" }
}
