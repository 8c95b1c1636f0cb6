/// One call of a mapper while a case runs: which mapper, which of its two functions, and in
/// which check. A case calls each mapper's decode in the decode check, its encode in the
/// encode check, then its decode again in the round trip, on the document its encode stored.
package struct MapperCall: Hashable, Sendable, CustomStringConvertible {
    /// A mapper's two functions.
    package enum Function: String, Hashable, Sendable, CaseIterable {
        /// `DocumentMapper.decode`.
        case decode
        /// `DocumentMapper.encode`.
        case encode
    }

    /// The mapper's name.
    package var mapper: String
    /// The function called.
    package var function: Function
    /// The check that called it.
    package var check: CheckKind

    /// A call.
    package init(mapper: String, function: Function, check: CheckKind) {
        self.mapper = mapper
        self.function = function
        self.check = check
    }

    /// `strict's decode in the decode check`.
    package var description: String { "\(mapper)'s \(function.rawValue) in the \(check.rawValue) check" }

    /// Every call a case can make of these mappers, in a fixed order: the decode check's
    /// decode, the encode check's encode, then the round trip's decode, mapper by mapper (the
    /// round trip reads back what the encode check stored; it does not encode again).
    package static func all(mappers: [String]) -> [MapperCall] {
        let kinds: [(Function, CheckKind)] = [(.decode, .decode), (.encode, .encode), (.decode, .roundTrip)]
        return mappers.flatMap { mapper in kinds.map { MapperCall(mapper: mapper, function: $0.0, check: $0.1) } }
    }
}
