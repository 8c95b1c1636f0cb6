/// The order of an enum's cases as they are declared (`allCases`' order): the order of the
/// columns, rows and causes the reports list.
enum DeclarationOrder {
    /// Whether `lhs` is declared before `rhs`.
    static func precedes<Case: CaseIterable & Equatable>(_ lhs: Case, _ rhs: Case) -> Bool where Case.AllCases.Index == Int {
        Case.allCases.firstIndex(of: lhs) ?? 0 < Case.allCases.firstIndex(of: rhs) ?? 0
    }
}
