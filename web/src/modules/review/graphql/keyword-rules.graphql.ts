import { graphql } from '../../../gql';

/** The project's rules and the user's presets, for the panel. */
export const KeywordRulesPanelQuery = graphql(`
  query KeywordRulesPanel($projectId: ID!) {
    keywordRules(projectId: $projectId) {
      alwaysInclude
      neverInclude
      synonyms {
        from
        to
      }
      maxPerAgency {
        adobe
        shutterstock
        pond5
      }
    }
    keywordRulePresets {
      id
      name
      rules {
        alwaysInclude
        neverInclude
        synonyms {
          from
          to
        }
        maxPerAgency {
          adobe
          shutterstock
          pond5
        }
      }
    }
  }
`);

/** How many sets each entry would change: asked as the user types, nothing saved. */
export const KeywordRulesPreviewQuery = graphql(`
  query KeywordRulesPreview($projectId: ID!, $rules: KeywordRulesInput!) {
    keywordRulesPreview(projectId: $projectId, rules: $rules) {
      sets
      changed
      entries {
        kind
        entry
        sets
        summary
      }
    }
  }
`);

export const SetKeywordRulesMutation = graphql(`
  mutation SetKeywordRulesPanel($projectId: ID!, $rules: KeywordRulesInput!) {
    setKeywordRules(projectId: $projectId, rules: $rules) {
      alwaysInclude
    }
  }
`);

export const SaveKeywordRulePresetMutation = graphql(`
  mutation SaveKeywordRulePreset($name: String!, $rules: KeywordRulesInput!) {
    saveKeywordRulePreset(name: $name, rules: $rules) {
      id
      name
    }
  }
`);

export const DeleteKeywordRulePresetMutation = graphql(`
  mutation DeleteKeywordRulePreset($id: ID!) {
    deleteKeywordRulePreset(id: $id)
  }
`);
