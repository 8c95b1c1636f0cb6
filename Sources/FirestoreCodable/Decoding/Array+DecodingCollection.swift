extension Array: DecodingCollection where Element: Decodable {
    /// The array as `Array.init(from:)` reads it: the session's unkeyed-container checks
    /// (null, not an array), then each element as the unkeyed container's `decode(_:)` reads
    /// it, with `Index i` pushed on the coding path. One call per array instead of one
    /// existential container call per element.
    static func unboxCollection(_ node: DecodingNode, in session: DecodingSession, ifNull report: NullReport) throws -> Self {
        let elements = try session.unkeyedElements(of: node)
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for index in 0..<elements.count {
            session.codingPath.append(DecoderCodingKey(index: index))
            defer { session.codingPath.removeLast() }
            result.append(try session.unbox(elements[index], as: Element.self, ifNull: .arrayElement(index: index)))
        }
        return result
    }

    static var readsNullAsNoValue: Bool { false }
}
