/// Every `crossfire` command, in the order help lists them. Add a new command here.
enum CommandList {
    static let all: [any CrossfireCommand.Type] = [
        ValidateCommand.self,
        SurveyCommand.self,
        RunCommand.self,
        ConvertCommand.self,
        GenSwiftCommand.self,
        GenSwiftIndexCommand.self,
        ReplayCommand.self,
        ShrinkCommand.self,
        PromoteCommand.self,
        ReportCommand.self,
        FuzzSeedsCommand.self,
    ]
}
