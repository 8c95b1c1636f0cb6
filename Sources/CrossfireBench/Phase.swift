/// A phase of a campaign's work on a case, as the bench's phase table names it.
enum Phase: String, CaseIterable {
    case generation = "generation (schema, document, model value)"
    case mapperSetup = "mapper setup (each mapper prepared for the case's schema)"
    case mappers = "mappers (decode and encode calls)"
    case writeReadPath = "write path and read path"
    case differ = "differ (comparing outcomes, naming leaves)"
    case findings = "findings (allowlist, class keys)"
    case gridAndCensus = "coverage grid and error census"
    case journal = "classes and journal"
    case shrinking = "shrinking"
}
