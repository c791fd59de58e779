/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n": typeof types.ResetPasswordDocument,
    "\n  mutation IssuePasswordResetLink($userId: ID!) {\n    issuePasswordResetLink(userId: $userId) {\n      url\n      expiresAt\n      user {\n        id\n        username\n      }\n    }\n  }\n": typeof types.IssuePasswordResetLinkDocument,
    "\n  query AdminQueueStats {\n    adminQueueStats {\n      name\n      counts {\n        waiting\n        active\n        completed\n        failed\n        delayed\n      }\n      recentFailed {\n        id\n        name\n        failedReason\n        attemptsMade\n        failedAt\n      }\n    }\n  }\n": typeof types.AdminQueueStatsDocument,
    "\n  query AdminUsers($first: Int!, $after: String, $search: String) {\n    adminUsers(first: $first, after: $after, search: $search) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          username\n          email\n          roleId\n          creditBalance\n          createdAt\n        }\n      }\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  fragment SettingFields on Setting {\n    key\n    value\n    updatedAt\n  }\n": typeof types.SettingFieldsFragmentDoc,
    "\n  query Settings {\n    settings {\n      ...SettingFields\n    }\n  }\n": typeof types.SettingsDocument,
    "\n  mutation AdjustUserCredits($userId: ID!, $amount: Money!, $reason: String, $idempotencyKey: String) {\n    adjustUserCredits(userId: $userId, amount: $amount, reason: $reason, idempotencyKey: $idempotencyKey) {\n      amount\n      newBalance\n      message\n    }\n  }\n": typeof types.AdjustUserCreditsDocument,
    "\n  mutation UpdateMarkup($value: Float!) {\n    updateMarkup(value: $value) {\n      message\n      costPerFileset\n      setting {\n        ...SettingFields\n      }\n    }\n  }\n": typeof types.UpdateMarkupDocument,
    "\n  query AdminPurchaseRequests($status: String, $first: Int!, $after: String) {\n    adminPurchaseRequests(status: $status, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          ...PurchaseRequestFields\n          user {\n            id\n            username\n            email\n          }\n        }\n      }\n    }\n  }\n": typeof types.AdminPurchaseRequestsDocument,
    "\n  mutation ApprovePurchaseRequest($id: ID!, $adminNotes: String) {\n    approvePurchaseRequest(id: $id, adminNotes: $adminNotes) {\n      message\n      newBalance\n      request {\n        ...PurchaseRequestFields\n      }\n    }\n  }\n": typeof types.ApprovePurchaseRequestDocument,
    "\n  mutation RejectPurchaseRequest($id: ID!, $adminNotes: String) {\n    rejectPurchaseRequest(id: $id, adminNotes: $adminNotes) {\n      message\n      request {\n        ...PurchaseRequestFields\n      }\n    }\n  }\n": typeof types.RejectPurchaseRequestDocument,
    "\n  query LedgerEvents($filter: LedgerEventFilter, $first: Int!, $after: String) {\n    ledgerEvents(filter: $filter, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          sequence\n          type\n          userId\n          user {\n            id\n            username\n          }\n          actorId\n          actor {\n            id\n            username\n          }\n          amount\n          reason\n          createdAt\n          hash\n        }\n      }\n    }\n  }\n": typeof types.LedgerEventsDocument,
    "\n  query LedgerVerification {\n    ledgerVerification {\n      ok\n      checkedEvents\n      firstInvalidEventId\n      reason\n    }\n  }\n": typeof types.LedgerVerificationDocument,
    "\n  query LedgerReplay {\n    ledgerReplay {\n      ok\n      eventsReplayed\n      differences {\n        userId\n        field\n        live\n        replayed\n      }\n    }\n  }\n": typeof types.LedgerReplayDocument,
    "\n  mutation SetPaymentInstructions($input: PaymentInstructionsInput!) {\n    setPaymentInstructions(input: $input) {\n      bank\n      paypal\n      venmo\n      other\n    }\n  }\n": typeof types.SetPaymentInstructionsDocument,
    "\n  mutation SetContactEmail($email: String!) {\n    setContactEmail(email: $email)\n  }\n": typeof types.SetContactEmailDocument,
    "\n  query ApiTokens($first: Int!, $after: String) {\n    apiTokens(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          name\n          scopes\n          prefix\n          createdAt\n          expiresAt\n          lastUsedAt\n          revokedAt\n          active\n        }\n      }\n    }\n  }\n": typeof types.ApiTokensDocument,
    "\n  mutation CreateApiToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      secret\n      token {\n        id\n        name\n        scopes\n      }\n    }\n  }\n": typeof types.CreateApiTokenDocument,
    "\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id) {\n      id\n      active\n      revokedAt\n    }\n  }\n": typeof types.RevokeApiTokenDocument,
    "\n  query Viewer {\n    me {\n      id\n      username\n      email\n      firstName\n      lastName\n      roleId\n      isAdmin\n      theme\n      createdAt\n    }\n  }\n": typeof types.ViewerDocument,
    "\n  fragment AuthPayloadFields on AuthPayload {\n    token\n    user {\n      id\n      username\n    }\n  }\n": typeof types.AuthPayloadFieldsFragmentDoc,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  mutation UpdateTheme($theme: Theme!) {\n    updateTheme(theme: $theme) {\n      id\n      theme\n    }\n  }\n": typeof types.UpdateThemeDocument,
    "\n  mutation RequestPasswordReset($identifier: String!) {\n    requestPasswordReset(identifier: $identifier)\n  }\n": typeof types.RequestPasswordResetDocument,
    "\n  mutation SendContactMessage($input: ContactMessageInput!) {\n    sendContactMessage(input: $input) {\n      message\n    }\n  }\n": typeof types.SendContactMessageDocument,
    "\n  query ContactMessages($unreadOnly: Boolean!, $limit: Int!, $offset: Int!) {\n    contactMessages(unreadOnly: $unreadOnly, limit: $limit, offset: $offset) {\n      total\n      unread\n      items {\n        id\n        name\n        email\n        message\n        createdAt\n        readAt\n        repliedAt\n        reply\n      }\n    }\n  }\n": typeof types.ContactMessagesDocument,
    "\n  mutation MarkContactMessageRead($id: ID!, $read: Boolean!) {\n    markContactMessageRead(id: $id, read: $read) {\n      id\n      readAt\n    }\n  }\n": typeof types.MarkContactMessageReadDocument,
    "\n  mutation ReplyToContactMessage($id: ID!, $reply: String!) {\n    replyToContactMessage(id: $id, reply: $reply) {\n      id\n      readAt\n      repliedAt\n      reply\n    }\n  }\n": typeof types.ReplyToContactMessageDocument,
    "\n  query CreditBalance {\n    me {\n      id\n      creditBalance\n    }\n  }\n": typeof types.CreditBalanceDocument,
    "\n  query Transactions($first: Int!, $after: String) {\n    transactions(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          createdAt\n          description\n          amount\n          balanceAfterTransaction\n          transactionType\n          runId\n        }\n      }\n    }\n  }\n": typeof types.TransactionsDocument,
    "\n  query CreditPackages {\n    creditPackages {\n      id\n      name\n      credits\n      price\n      description\n      pricePerCredit\n      savingsPercent\n      bestValue\n    }\n  }\n": typeof types.CreditPackagesDocument,
    "\n  mutation CreatePurchaseRequest($packageId: ID!, $idempotencyKey: String) {\n    createPurchaseRequest(packageId: $packageId, idempotencyKey: $idempotencyKey) {\n      id\n      reference\n      status\n      createdAt\n    }\n  }\n": typeof types.CreatePurchaseRequestDocument,
    "\n  fragment PurchaseRequestFields on PurchaseRequest {\n    id\n    reference\n    status\n    createdAt\n    decidedAt\n    adminNotes\n    paymentProof\n    creditPackage {\n      id\n      name\n      credits\n      price\n    }\n  }\n": typeof types.PurchaseRequestFieldsFragmentDoc,
    "\n  query MyPurchaseRequests($first: Int!, $after: String) {\n    myPurchaseRequests(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          ...PurchaseRequestFields\n        }\n      }\n    }\n  }\n": typeof types.MyPurchaseRequestsDocument,
    "\n  query PaymentInstructions {\n    paymentInstructions {\n      bank\n      paypal\n      venmo\n      other\n    }\n  }\n": typeof types.PaymentInstructionsDocument,
    "\n  mutation SubmitPaymentProof($id: ID!, $paymentProof: String!) {\n    submitPaymentProof(id: $id, paymentProof: $paymentProof) {\n      ...PurchaseRequestFields\n    }\n  }\n": typeof types.SubmitPaymentProofDocument,
    "\n  query ContactEmail {\n    contactEmail\n  }\n": typeof types.ContactEmailDocument,
    "\n  fragment DeliveryConnectionFields on DeliveryConnection {\n    id\n    name\n    agency\n    protocol\n    host\n    port\n    username\n    passwordSet\n    secretMissingReason\n    lastTestOk\n    lastTestMessage\n    pausedReason\n    remoteFolder\n    hostKey\n    allowOverwrite\n    createFolder\n    maxSessions\n    receives\n    receivesDefault\n    checkRules\n    csvUploadPage\n  }\n": typeof types.DeliveryConnectionFieldsFragmentDoc,
    "\n  fragment DeliveryFields on Delivery {\n    id\n    createdAt\n    done\n    override\n    resendOf\n    startedBy\n    startedByOwner\n    connections {\n      connectionId\n      name\n      agency\n      csvUploadPage\n      counts {\n        queued\n        sending\n        sent\n        failed\n        skipped\n        held\n        paused\n        conflict\n      }\n    }\n    items {\n      id\n      connectionId\n      filename\n      sizeBytes\n      status\n      bytesSent\n      bytesPerSecond\n      message\n      remotePlace\n      remoteSize\n    }\n  }\n": typeof types.DeliveryFieldsFragmentDoc,
    "\n  query DeliverySetup($projectId: ID!) {\n    deliveryAgencies {\n      agency\n      name\n      protocol\n      host\n      port\n    }\n    deliveryConnections {\n      ...DeliveryConnectionFields\n    }\n    projectDeliveries(projectId: $projectId) {\n      ...DeliveryFields\n    }\n  }\n": typeof types.DeliverySetupDocument,
    "\n  mutation CreateDeliveryConnection($input: DeliveryConnectionInput!) {\n    createDeliveryConnection(input: $input) {\n      ...DeliveryConnectionFields\n    }\n  }\n": typeof types.CreateDeliveryConnectionDocument,
    "\n  mutation UpdateDeliveryConnection($id: ID!, $input: DeliveryConnectionInput!) {\n    updateDeliveryConnection(id: $id, input: $input) {\n      ...DeliveryConnectionFields\n    }\n  }\n": typeof types.UpdateDeliveryConnectionDocument,
    "\n  mutation ResumeDeliveryConnection($id: ID!) {\n    resumeDeliveryConnection(id: $id) {\n      resumed\n      connection {\n        ...DeliveryConnectionFields\n      }\n    }\n  }\n": typeof types.ResumeDeliveryConnectionDocument,
    "\n  mutation DeleteDeliveryConnection($id: ID!) {\n    deleteDeliveryConnection(id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteDeliveryConnectionDocument,
    "\n  mutation TestDeliveryConnection($id: ID!) {\n    testDeliveryConnection(id: $id) {\n      ok\n      kind\n      message\n      connection {\n        ...DeliveryConnectionFields\n      }\n    }\n  }\n": typeof types.TestDeliveryConnectionDocument,
    "\n  mutation DeliverProject($input: DeliverProjectInput!) {\n    deliverProject(input: $input) {\n      ...DeliveryFields\n    }\n  }\n": typeof types.DeliverProjectDocument,
    "\n  subscription DeliveryProgress($deliveryId: ID!) {\n    deliveryProgress(deliveryId: $deliveryId) {\n      ...DeliveryFields\n    }\n  }\n": typeof types.DeliveryProgressDocument,
    "\n  mutation ResendDelivery($input: ResendDeliveryInput!) {\n    resendDelivery(input: $input) {\n      ...DeliveryFields\n    }\n  }\n": typeof types.ResendDeliveryDocument,
    "\n  mutation ExportDownload($projectId: ID!, $format: ExportFormat!, $withJpgs: Boolean!) {\n    exportDownload(projectId: $projectId, format: $format, withJpgs: $withJpgs) {\n      url\n      fileName\n      expiresAt\n      incomplete\n      note\n    }\n  }\n": typeof types.ExportDownloadDocument,
    "\n  query ExportCheck($projectId: ID!, $format: AgencyExportFormat!) {\n    exportCheck(projectId: $projectId, format: $format) {\n      format\n      agency\n      source\n      totalRows\n      refusedCount\n      fileProblems\n      keywordsWritten {\n        fewest\n        most\n      }\n      rows {\n        rowNumber\n        fileSetId\n        filename\n        problems\n        warnings\n      }\n    }\n  }\n": typeof types.ExportCheckDocument,
    "\n  query ExportProjectStatus($id: ID!) {\n    project(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.ExportProjectStatusDocument,
    "\n  query TrialBalance($asOf: String, $first: Int!, $after: String) {\n    trialBalance(asOf: $asOf, first: $first, after: $after) {\n      asOf\n      total\n      balanced\n      hasMore\n      nextCursor\n      accounts {\n        account\n        balance\n        userName\n        userEmail\n      }\n      totals {\n        kind\n        balance\n        accounts\n      }\n    }\n  }\n": typeof types.TrialBalanceDocument,
    "\n  query LedgerStatement($from: String, $to: String) {\n    ledgerStatement(from: $from, to: $to, groupBy: \"month\") {\n      from\n      to\n      opening\n      closing\n      balanced\n      movements {\n        kind\n        credits\n        dollars\n      }\n      periods {\n        from\n        to\n        opening\n        closing\n        balanced\n      }\n      users {\n        userId\n        userName\n        userEmail\n        credits\n      }\n      usersTruncated\n    }\n  }\n": typeof types.LedgerStatementDocument,
    "\n  query MailOutbox($status: String, $limit: Int!, $offset: Int!) {\n    mailOutbox(status: $status, limit: $limit, offset: $offset) {\n      total\n      delivers\n      items {\n        id\n        kind\n        to\n        subject\n        text\n        status\n        attempts\n        lastError\n        createdAt\n        sentAt\n      }\n    }\n  }\n": typeof types.MailOutboxDocument,
    "\n  mutation ResendMail($id: ID!) {\n    resendMail(id: $id) {\n      id\n      status\n      attempts\n      lastError\n    }\n  }\n": typeof types.ResendMailDocument,
    "\n  query NotificationSettings {\n    notificationSettings {\n      ...NotificationSettingsFields\n    }\n  }\n": typeof types.NotificationSettingsDocument,
    "\n  fragment NotificationSettingsFields on NotificationSettings {\n    kinds {\n      kind\n      label\n      enabled\n    }\n    lowCreditsBelow\n  }\n": typeof types.NotificationSettingsFieldsFragmentDoc,
    "\n  mutation SetNotificationEnabled($kind: String!, $enabled: Boolean!) {\n    setNotificationEnabled(kind: $kind, enabled: $enabled) {\n      ...NotificationSettingsFields\n    }\n  }\n": typeof types.SetNotificationEnabledDocument,
    "\n  mutation SetLowCreditsThreshold($credits: Float!) {\n    setLowCreditsThreshold(credits: $credits) {\n      ...NotificationSettingsFields\n    }\n  }\n": typeof types.SetLowCreditsThresholdDocument,
    "\n  query MyNotifications {\n    myNotifications(first: 10) {\n      id\n      kind\n      subject\n      createdAt\n    }\n  }\n": typeof types.MyNotificationsDocument,
    "\n  query PlaceEditPreview($fileSetId: ID!, $place: PlaceFieldsInput!) {\n    placeEditPreview(fileSetId: $fileSetId, place: $place) {\n      changed\n      before {\n        title\n        finalDescription\n        keywords\n      }\n      after {\n        title\n        finalDescription\n        keywords\n      }\n    }\n  }\n": typeof types.PlaceEditPreviewDocument,
    "\n  mutation UpdateResultPlace($fileSetId: ID!, $place: PlaceFieldsInput!, $rewriteText: Boolean!) {\n    updateResultPlace(fileSetId: $fileSetId, place: $place, rewriteText: $rewriteText) {\n      fileSetId\n      edited\n      current {\n        content {\n          title\n          finalDescription\n          keywords\n        }\n        metadata {\n          city\n          region\n          country\n          placeLine\n          features\n        }\n      }\n    }\n  }\n": typeof types.UpdateResultPlaceDocument,
    "\n  query PlaceAt($latitude: Float!, $longitude: Float!) {\n    placeAt(latitude: $latitude, longitude: $longitude) {\n      city\n      region\n      country\n      placeLine\n      features\n    }\n  }\n": typeof types.PlaceAtDocument,
    "\n  query AgencyFindings($projectId: ID!) {\n    adobe: exportCheck(projectId: $projectId, format: ADOBE) {\n      agency\n      rows {\n        fileSetId\n        problems\n      }\n    }\n    shutterstock: exportCheck(projectId: $projectId, format: SHUTTERSTOCK) {\n      agency\n      rows {\n        fileSetId\n        problems\n      }\n    }\n    pond5: exportCheck(projectId: $projectId, format: POND5) {\n      agency\n      rows {\n        fileSetId\n        problems\n      }\n    }\n  }\n": typeof types.AgencyFindingsDocument,
    "\n  fragment DetailResult on ProcessedResult {\n    content {\n      title\n      finalDescription\n      keywords\n      editorial\n      categories {\n        adobeCategory\n        shutterstockACategory\n        shutterstockBCategory\n      }\n    }\n    metadata {\n      latitude\n      longitude\n      city\n      country\n      region\n      placeLine\n      features\n    }\n    shotTypes {\n      id\n      label\n      value\n    }\n  }\n": typeof types.DetailResultFragmentDoc,
    "\n  fragment DetailFileSetResult on FileSetResult {\n    fileSetId\n    edited\n    version\n    missingNote\n    current {\n      ...DetailResult\n    }\n  }\n": typeof types.DetailFileSetResultFragmentDoc,
    "\n  mutation UpdateFileSetResult($fileSetId: ID!, $input: FileSetResultInput!) {\n    updateFileSetResult(fileSetId: $fileSetId, input: $input) {\n      ...DetailFileSetResult\n    }\n  }\n": typeof types.UpdateFileSetResultDocument,
    "\n  mutation ResetFileSetResult($fileSetId: ID!) {\n    resetFileSetResult(fileSetId: $fileSetId) {\n      ...DetailFileSetResult\n    }\n  }\n": typeof types.ResetFileSetResultDocument,
    "\n  fragment FileSetResultHolder on FileSet {\n    id\n    result {\n      ...DetailFileSetResult\n    }\n  }\n": typeof types.FileSetResultHolderFragmentDoc,
    "\n  query ProjectDetail($id: ID!) {\n    project(id: $id) {\n      id\n      name\n      status\n      deletedAt\n      fileSetCount\n      fileSets {\n        id\n        baseName\n        status\n        thumbnailUri\n        previewImageUri\n        incompleteReason\n        files {\n          id\n          filename\n          fileTypeInfo\n          resourceUri\n        }\n        processing {\n          status\n          progress\n          stageMessage\n          reason\n        }\n        result {\n          ...DetailFileSetResult\n        }\n      }\n    }\n    categoryOptions {\n      adobe\n      shutterstock\n    }\n  }\n": typeof types.ProjectDetailDocument,
    "\n  fragment ProgressFields on ProcessingProgress {\n    projectId\n    status\n    totalJobs\n    completedJobs\n    processingJobs\n    failedJobs\n    progress\n    acceptingSets\n    intakeStoppedReason\n    jobs {\n      id\n      fileSetId\n      status\n      progress\n      stageMessage\n    }\n  }\n": typeof types.ProgressFieldsFragmentDoc,
    "\n  query ProjectProgress($projectId: ID!) {\n    projectProgress(projectId: $projectId) {\n      ...ProgressFields\n    }\n  }\n": typeof types.ProjectProgressDocument,
    "\n  subscription ProjectProgressLive($projectId: ID!) {\n    projectProgress(projectId: $projectId) {\n      ...ProgressFields\n    }\n  }\n": typeof types.ProjectProgressLiveDocument,
    "\n  query Projects($view: ProjectView!, $search: String, $createdOn: String, $tzOffsetMinutes: Int!, $first: Int!, $after: String) {\n    projects(view: $view, search: $search, createdOn: $createdOn, tzOffsetMinutes: $tzOffsetMinutes, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          name\n          description\n          createdAt\n          deletedAt\n          status\n          fileSetCount\n          uploadState {\n            filesToSend\n            setsToSend\n            incompleteSets\n          }\n          progress {\n            failedJobs\n          }\n        }\n      }\n    }\n    projectCounts {\n      active\n      trash\n    }\n  }\n": typeof types.ProjectsDocument,
    "\n  fragment ProjectTrashState on Project {\n    id\n    deletedAt\n  }\n": typeof types.ProjectTrashStateFragmentDoc,
    "\n  mutation TrashProject($id: ID!) {\n    trashProject(id: $id) {\n      ...ProjectTrashState\n    }\n  }\n": typeof types.TrashProjectDocument,
    "\n  mutation RestoreProject($id: ID!) {\n    restoreProject(id: $id) {\n      ...ProjectTrashState\n    }\n  }\n": typeof types.RestoreProjectDocument,
    "\n  mutation DeleteProjectPermanently($id: ID!) {\n    deleteProjectPermanently(id: $id)\n  }\n": typeof types.DeleteProjectPermanentlyDocument,
    "\n  mutation EmptyTrash {\n    emptyTrash {\n      deleted\n      remaining\n      message\n    }\n  }\n": typeof types.EmptyTrashDocument,
    "\n  query CameraTypes {\n    cameraTypes {\n      value\n      label\n    }\n  }\n": typeof types.CameraTypesDocument,
    "\n  mutation CreateProject($input: CreateProjectInput!) {\n    createProject(input: $input) {\n      id\n      name\n      cameraType\n    }\n  }\n": typeof types.CreateProjectDocument,
    "\n  query KeywordRulesPanel($projectId: ID!) {\n    keywordRules(projectId: $projectId) {\n      alwaysInclude\n      neverInclude\n      synonyms {\n        from\n        to\n      }\n      maxPerAgency {\n        adobe\n        shutterstock\n        pond5\n      }\n    }\n    keywordRulePresets {\n      id\n      name\n      rules {\n        alwaysInclude\n        neverInclude\n        synonyms {\n          from\n          to\n        }\n        maxPerAgency {\n          adobe\n          shutterstock\n          pond5\n        }\n      }\n    }\n  }\n": typeof types.KeywordRulesPanelDocument,
    "\n  query KeywordRulesPreview($projectId: ID!, $rules: KeywordRulesInput!) {\n    keywordRulesPreview(projectId: $projectId, rules: $rules) {\n      sets\n      changed\n      entries {\n        kind\n        entry\n        sets\n        summary\n      }\n    }\n  }\n": typeof types.KeywordRulesPreviewDocument,
    "\n  mutation SetKeywordRulesPanel($projectId: ID!, $rules: KeywordRulesInput!) {\n    setKeywordRules(projectId: $projectId, rules: $rules) {\n      alwaysInclude\n    }\n  }\n": typeof types.SetKeywordRulesPanelDocument,
    "\n  mutation SaveKeywordRulePreset($name: String!, $rules: KeywordRulesInput!) {\n    saveKeywordRulePreset(name: $name, rules: $rules) {\n      id\n      name\n    }\n  }\n": typeof types.SaveKeywordRulePresetDocument,
    "\n  mutation DeleteKeywordRulePreset($id: ID!) {\n    deleteKeywordRulePreset(id: $id)\n  }\n": typeof types.DeleteKeywordRulePresetDocument,
    "\n  query ReviewSets($projectId: ID!, $first: Int!, $after: String, $filter: ReviewFilterInput, $sort: ReviewSort!, $descending: Boolean!) {\n    reviewSets(projectId: $projectId, first: $first, after: $after, filter: $filter, sort: $sort, descending: $descending) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          position\n          baseName\n          filename\n          thumbnailUri\n          status\n          title\n          description\n          keywords\n          keywordCount\n          adobeCategory\n          shutterstockACategory\n          shutterstockBCategory\n          city\n          country\n          region\n          placeLine\n          features\n          shotTypes\n          agencyRefusals {\n            format\n            agency\n            problems\n          }\n        }\n      }\n    }\n  }\n": typeof types.ReviewSetsDocument,
    "\n  query ReviewContext($projectId: ID!) {\n    project(id: $projectId) {\n      id\n      name\n    }\n    categoryOptions {\n      adobe\n      shutterstock\n    }\n    shotTypeVocabulary {\n      id\n      label\n    }\n    projectEditHistory(projectId: $projectId, first: 20) {\n      id\n      action\n      params\n      changedCount\n      username\n      createdAt\n      undoneAt\n    }\n  }\n": typeof types.ReviewContextDocument,
    "\n  fragment BulkResultFields on BulkEditResult {\n    actionId\n    matched\n    changed\n    unchanged\n    refused {\n      fileSetId\n      baseName\n      reason\n    }\n  }\n": typeof types.BulkResultFieldsFragmentDoc,
    "\n  mutation ReviewAddKeywords($selection: ReviewSelectionInput!, $keywords: [String!]!, $position: KeywordPosition!) {\n    addKeywords(selection: $selection, keywords: $keywords, position: $position) {\n      ...BulkResultFields\n    }\n  }\n": typeof types.ReviewAddKeywordsDocument,
    "\n  mutation ReviewRemoveKeywords($selection: ReviewSelectionInput!, $keywords: [String!]!) {\n    removeKeywords(selection: $selection, keywords: $keywords) {\n      ...BulkResultFields\n    }\n  }\n": typeof types.ReviewRemoveKeywordsDocument,
    "\n  mutation ReviewReplaceKeyword($selection: ReviewSelectionInput!, $from: String!, $to: String!) {\n    replaceKeyword(selection: $selection, from: $from, to: $to) {\n      ...BulkResultFields\n    }\n  }\n": typeof types.ReviewReplaceKeywordDocument,
    "\n  mutation ReviewFindReplace($selection: ReviewSelectionInput!, $field: ReviewTextField!, $find: String!, $replace: String!, $wholeWord: Boolean!) {\n    findReplace(selection: $selection, field: $field, find: $find, replace: $replace, wholeWord: $wholeWord) {\n      ...BulkResultFields\n    }\n  }\n": typeof types.ReviewFindReplaceDocument,
    "\n  mutation ReviewSetCategories($selection: ReviewSelectionInput!, $adobeCategory: String) {\n    setCategories(selection: $selection, adobeCategory: $adobeCategory) {\n      ...BulkResultFields\n    }\n  }\n": typeof types.ReviewSetCategoriesDocument,
    "\n  mutation ReviewReorder($selection: ReviewSelectionInput!) {\n    reorderKeywordsByRelevance(selection: $selection) {\n      ...BulkResultFields\n    }\n  }\n": typeof types.ReviewReorderDocument,
    "\n  mutation ReviewReset($selection: ReviewSelectionInput!) {\n    resetToAiOriginal(selection: $selection) {\n      ...BulkResultFields\n    }\n  }\n": typeof types.ReviewResetDocument,
    "\n  mutation ReviewUndo($projectId: ID!) {\n    undoProjectEdit(projectId: $projectId) {\n      actionId\n      restored\n      skipped\n      skippedCount\n    }\n  }\n": typeof types.ReviewUndoDocument,
    "\n  query FileSetTrack($fileSetId: ID!) {\n    fileSetTrack(fileSetId: $fileSetId, maxPoints: 1500) {\n      fileSetId\n      baseName\n      title\n      start\n      end\n      altitudeReference\n      pointCount\n      points {\n        t\n        latitude\n        longitude\n        altitude\n        speed\n      }\n      frames {\n        index\n        t\n        latitude\n        longitude\n      }\n      downloads {\n        gpx\n        kml\n        geojson\n      }\n    }\n  }\n": typeof types.FileSetTrackDocument,
    "\n  fragment WizardFileSet on FileSet {\n    id\n    baseName\n    status\n    missing\n    incompleteReason\n    shape\n    processable\n    stillFromVideo\n    stillProblem\n    withoutTelemetry\n    leftOut\n    files {\n      id\n      filename\n      fileTypeInfo\n      resourceUri\n      sizeBytes\n      proxy\n      fromVideo\n    }\n  }\n": typeof types.WizardFileSetFragmentDoc,
    "\n  mutation ChooseFileSetProcessing($projectId: ID!, $fileSetIds: [ID!], $withoutTelemetry: Boolean, $leftOut: Boolean) {\n    chooseFileSetProcessing(projectId: $projectId, fileSetIds: $fileSetIds, withoutTelemetry: $withoutTelemetry, leftOut: $leftOut) {\n      ...WizardFileSet\n    }\n  }\n": typeof types.ChooseFileSetProcessingDocument,
    "\n  mutation UploadFiles($projectId: ID!, $files: [Upload!]!) {\n    uploadFiles(projectId: $projectId, files: $files) {\n      message\n      accepted {\n        id\n        filename\n      }\n      refused {\n        filename\n        reason\n      }\n      summary {\n        fileSets\n        complete\n        incomplete\n      }\n    }\n  }\n": typeof types.UploadFilesDocument,
    "\n  mutation ReplaceFileSetFile($fileSetId: ID!, $kind: FileKind, $file: Upload!) {\n    replaceFileSetFile(fileSetId: $fileSetId, kind: $kind, file: $file) {\n      message\n      replaced\n      fileSet {\n        ...WizardFileSet\n      }\n    }\n  }\n": typeof types.ReplaceFileSetFileDocument,
    "\n  query VerifyFileSets($projectId: ID!) {\n    verifyFileSets(projectId: $projectId) {\n      projectId\n      allComplete\n      fileSets {\n        ...WizardFileSet\n      }\n    }\n  }\n": typeof types.VerifyFileSetsDocument,
    "\n  mutation GenerateProjectJson($projectId: ID!, $completeOnly: Boolean!) {\n    generateProjectJson(projectId: $projectId, completeOnly: $completeOnly) {\n      message\n      fileSetCount\n      leftOut {\n        baseName\n        reason\n      }\n    }\n  }\n": typeof types.GenerateProjectJsonDocument,
    "\n  query CostEstimate($projectId: ID!, $scope: ProcessingScope!) {\n    costEstimate(projectId: $projectId, scope: $scope) {\n      projectId\n      scope\n      costPerFileset\n      fileSetCount\n      totalFileSets\n      leftOut {\n        fileSetId\n        baseName\n        reason\n      }\n      totalCost\n      currentBalance\n      sufficient\n    }\n  }\n": typeof types.CostEstimateDocument,
    "\n  query WizardResume($id: ID!) {\n    project(id: $id) {\n      id\n      name\n      status\n      deletedAt\n      fileSetCount\n      progress {\n        acceptingSets\n      }\n      uploadState {\n        filesToSend\n      }\n    }\n  }\n": typeof types.WizardResumeDocument,
    "\n  query WizardUploadState($id: ID!) {\n    project(id: $id) {\n      id\n      uploadState {\n        filesToSend\n        setsToSend\n        incompleteSets\n      }\n    }\n  }\n": typeof types.WizardUploadStateDocument,
    "\n  mutation RemoveFileSet($fileSetId: ID!) {\n    removeFileSet(fileSetId: $fileSetId) {\n      message\n      fileSetId\n    }\n  }\n": typeof types.RemoveFileSetDocument,
    "\n  query UnfinishedUploads($projectId: ID!) {\n    unfinishedUploads(projectId: $projectId) {\n      id\n      filename\n      status\n      reason\n      sizeBytes\n      receivedBytes\n      expiresAt\n    }\n  }\n": typeof types.UnfinishedUploadsDocument,
    "\n  mutation StartProcessingAsSetsComplete($projectId: ID!) {\n    startProcessingAsSetsComplete(projectId: $projectId) {\n      run {\n        id\n        costPerFileset\n        acceptingSets\n      }\n    }\n  }\n": typeof types.StartProcessingAsSetsCompleteDocument,
    "\n  mutation StopTakingSets($projectId: ID!) {\n    stopTakingSets(projectId: $projectId) {\n      run {\n        id\n        totalJobs\n        acceptingSets\n      }\n    }\n  }\n": typeof types.StopTakingSetsDocument,
    "\n  query SetsAsComplete($projectId: ID!) {\n    project(id: $projectId) {\n      id\n      progress {\n        acceptingSets\n        intakeStoppedReason\n        totalJobs\n        completedJobs\n        failedJobs\n      }\n      uploadState {\n        setsToSend\n      }\n      fileSets {\n        id\n        baseName\n        processing {\n          status\n          stageMessage\n        }\n        result {\n          current {\n            content {\n              title\n            }\n            metadata {\n              city\n              country\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.SetsAsCompleteDocument,
    "\n  fragment RunStarted on StartProcessingPayload {\n    run {\n      id\n      charged\n      totalJobs\n    }\n  }\n": typeof types.RunStartedFragmentDoc,
    "\n  mutation StartProcessing($projectId: ID!) {\n    startProcessing(projectId: $projectId) {\n      ...RunStarted\n    }\n  }\n": typeof types.StartProcessingDocument,
    "\n  mutation RetryProcessing($projectId: ID!) {\n    retryProcessing(projectId: $projectId) {\n      ...RunStarted\n    }\n  }\n": typeof types.RetryProcessingDocument,
    "\n  fragment PageInfoFields on PageInfo {\n    hasNextPage\n    endCursor\n  }\n": typeof types.PageInfoFieldsFragmentDoc,
};
const documents: Documents = {
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n": types.ChangePasswordDocument,
    "\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n": types.ResetPasswordDocument,
    "\n  mutation IssuePasswordResetLink($userId: ID!) {\n    issuePasswordResetLink(userId: $userId) {\n      url\n      expiresAt\n      user {\n        id\n        username\n      }\n    }\n  }\n": types.IssuePasswordResetLinkDocument,
    "\n  query AdminQueueStats {\n    adminQueueStats {\n      name\n      counts {\n        waiting\n        active\n        completed\n        failed\n        delayed\n      }\n      recentFailed {\n        id\n        name\n        failedReason\n        attemptsMade\n        failedAt\n      }\n    }\n  }\n": types.AdminQueueStatsDocument,
    "\n  query AdminUsers($first: Int!, $after: String, $search: String) {\n    adminUsers(first: $first, after: $after, search: $search) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          username\n          email\n          roleId\n          creditBalance\n          createdAt\n        }\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  fragment SettingFields on Setting {\n    key\n    value\n    updatedAt\n  }\n": types.SettingFieldsFragmentDoc,
    "\n  query Settings {\n    settings {\n      ...SettingFields\n    }\n  }\n": types.SettingsDocument,
    "\n  mutation AdjustUserCredits($userId: ID!, $amount: Money!, $reason: String, $idempotencyKey: String) {\n    adjustUserCredits(userId: $userId, amount: $amount, reason: $reason, idempotencyKey: $idempotencyKey) {\n      amount\n      newBalance\n      message\n    }\n  }\n": types.AdjustUserCreditsDocument,
    "\n  mutation UpdateMarkup($value: Float!) {\n    updateMarkup(value: $value) {\n      message\n      costPerFileset\n      setting {\n        ...SettingFields\n      }\n    }\n  }\n": types.UpdateMarkupDocument,
    "\n  query AdminPurchaseRequests($status: String, $first: Int!, $after: String) {\n    adminPurchaseRequests(status: $status, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          ...PurchaseRequestFields\n          user {\n            id\n            username\n            email\n          }\n        }\n      }\n    }\n  }\n": types.AdminPurchaseRequestsDocument,
    "\n  mutation ApprovePurchaseRequest($id: ID!, $adminNotes: String) {\n    approvePurchaseRequest(id: $id, adminNotes: $adminNotes) {\n      message\n      newBalance\n      request {\n        ...PurchaseRequestFields\n      }\n    }\n  }\n": types.ApprovePurchaseRequestDocument,
    "\n  mutation RejectPurchaseRequest($id: ID!, $adminNotes: String) {\n    rejectPurchaseRequest(id: $id, adminNotes: $adminNotes) {\n      message\n      request {\n        ...PurchaseRequestFields\n      }\n    }\n  }\n": types.RejectPurchaseRequestDocument,
    "\n  query LedgerEvents($filter: LedgerEventFilter, $first: Int!, $after: String) {\n    ledgerEvents(filter: $filter, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          sequence\n          type\n          userId\n          user {\n            id\n            username\n          }\n          actorId\n          actor {\n            id\n            username\n          }\n          amount\n          reason\n          createdAt\n          hash\n        }\n      }\n    }\n  }\n": types.LedgerEventsDocument,
    "\n  query LedgerVerification {\n    ledgerVerification {\n      ok\n      checkedEvents\n      firstInvalidEventId\n      reason\n    }\n  }\n": types.LedgerVerificationDocument,
    "\n  query LedgerReplay {\n    ledgerReplay {\n      ok\n      eventsReplayed\n      differences {\n        userId\n        field\n        live\n        replayed\n      }\n    }\n  }\n": types.LedgerReplayDocument,
    "\n  mutation SetPaymentInstructions($input: PaymentInstructionsInput!) {\n    setPaymentInstructions(input: $input) {\n      bank\n      paypal\n      venmo\n      other\n    }\n  }\n": types.SetPaymentInstructionsDocument,
    "\n  mutation SetContactEmail($email: String!) {\n    setContactEmail(email: $email)\n  }\n": types.SetContactEmailDocument,
    "\n  query ApiTokens($first: Int!, $after: String) {\n    apiTokens(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          name\n          scopes\n          prefix\n          createdAt\n          expiresAt\n          lastUsedAt\n          revokedAt\n          active\n        }\n      }\n    }\n  }\n": types.ApiTokensDocument,
    "\n  mutation CreateApiToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      secret\n      token {\n        id\n        name\n        scopes\n      }\n    }\n  }\n": types.CreateApiTokenDocument,
    "\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id) {\n      id\n      active\n      revokedAt\n    }\n  }\n": types.RevokeApiTokenDocument,
    "\n  query Viewer {\n    me {\n      id\n      username\n      email\n      firstName\n      lastName\n      roleId\n      isAdmin\n      theme\n      createdAt\n    }\n  }\n": types.ViewerDocument,
    "\n  fragment AuthPayloadFields on AuthPayload {\n    token\n    user {\n      id\n      username\n    }\n  }\n": types.AuthPayloadFieldsFragmentDoc,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n": types.RegisterDocument,
    "\n  mutation UpdateTheme($theme: Theme!) {\n    updateTheme(theme: $theme) {\n      id\n      theme\n    }\n  }\n": types.UpdateThemeDocument,
    "\n  mutation RequestPasswordReset($identifier: String!) {\n    requestPasswordReset(identifier: $identifier)\n  }\n": types.RequestPasswordResetDocument,
    "\n  mutation SendContactMessage($input: ContactMessageInput!) {\n    sendContactMessage(input: $input) {\n      message\n    }\n  }\n": types.SendContactMessageDocument,
    "\n  query ContactMessages($unreadOnly: Boolean!, $limit: Int!, $offset: Int!) {\n    contactMessages(unreadOnly: $unreadOnly, limit: $limit, offset: $offset) {\n      total\n      unread\n      items {\n        id\n        name\n        email\n        message\n        createdAt\n        readAt\n        repliedAt\n        reply\n      }\n    }\n  }\n": types.ContactMessagesDocument,
    "\n  mutation MarkContactMessageRead($id: ID!, $read: Boolean!) {\n    markContactMessageRead(id: $id, read: $read) {\n      id\n      readAt\n    }\n  }\n": types.MarkContactMessageReadDocument,
    "\n  mutation ReplyToContactMessage($id: ID!, $reply: String!) {\n    replyToContactMessage(id: $id, reply: $reply) {\n      id\n      readAt\n      repliedAt\n      reply\n    }\n  }\n": types.ReplyToContactMessageDocument,
    "\n  query CreditBalance {\n    me {\n      id\n      creditBalance\n    }\n  }\n": types.CreditBalanceDocument,
    "\n  query Transactions($first: Int!, $after: String) {\n    transactions(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          createdAt\n          description\n          amount\n          balanceAfterTransaction\n          transactionType\n          runId\n        }\n      }\n    }\n  }\n": types.TransactionsDocument,
    "\n  query CreditPackages {\n    creditPackages {\n      id\n      name\n      credits\n      price\n      description\n      pricePerCredit\n      savingsPercent\n      bestValue\n    }\n  }\n": types.CreditPackagesDocument,
    "\n  mutation CreatePurchaseRequest($packageId: ID!, $idempotencyKey: String) {\n    createPurchaseRequest(packageId: $packageId, idempotencyKey: $idempotencyKey) {\n      id\n      reference\n      status\n      createdAt\n    }\n  }\n": types.CreatePurchaseRequestDocument,
    "\n  fragment PurchaseRequestFields on PurchaseRequest {\n    id\n    reference\n    status\n    createdAt\n    decidedAt\n    adminNotes\n    paymentProof\n    creditPackage {\n      id\n      name\n      credits\n      price\n    }\n  }\n": types.PurchaseRequestFieldsFragmentDoc,
    "\n  query MyPurchaseRequests($first: Int!, $after: String) {\n    myPurchaseRequests(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          ...PurchaseRequestFields\n        }\n      }\n    }\n  }\n": types.MyPurchaseRequestsDocument,
    "\n  query PaymentInstructions {\n    paymentInstructions {\n      bank\n      paypal\n      venmo\n      other\n    }\n  }\n": types.PaymentInstructionsDocument,
    "\n  mutation SubmitPaymentProof($id: ID!, $paymentProof: String!) {\n    submitPaymentProof(id: $id, paymentProof: $paymentProof) {\n      ...PurchaseRequestFields\n    }\n  }\n": types.SubmitPaymentProofDocument,
    "\n  query ContactEmail {\n    contactEmail\n  }\n": types.ContactEmailDocument,
    "\n  fragment DeliveryConnectionFields on DeliveryConnection {\n    id\n    name\n    agency\n    protocol\n    host\n    port\n    username\n    passwordSet\n    secretMissingReason\n    lastTestOk\n    lastTestMessage\n    pausedReason\n    remoteFolder\n    hostKey\n    allowOverwrite\n    createFolder\n    maxSessions\n    receives\n    receivesDefault\n    checkRules\n    csvUploadPage\n  }\n": types.DeliveryConnectionFieldsFragmentDoc,
    "\n  fragment DeliveryFields on Delivery {\n    id\n    createdAt\n    done\n    override\n    resendOf\n    startedBy\n    startedByOwner\n    connections {\n      connectionId\n      name\n      agency\n      csvUploadPage\n      counts {\n        queued\n        sending\n        sent\n        failed\n        skipped\n        held\n        paused\n        conflict\n      }\n    }\n    items {\n      id\n      connectionId\n      filename\n      sizeBytes\n      status\n      bytesSent\n      bytesPerSecond\n      message\n      remotePlace\n      remoteSize\n    }\n  }\n": types.DeliveryFieldsFragmentDoc,
    "\n  query DeliverySetup($projectId: ID!) {\n    deliveryAgencies {\n      agency\n      name\n      protocol\n      host\n      port\n    }\n    deliveryConnections {\n      ...DeliveryConnectionFields\n    }\n    projectDeliveries(projectId: $projectId) {\n      ...DeliveryFields\n    }\n  }\n": types.DeliverySetupDocument,
    "\n  mutation CreateDeliveryConnection($input: DeliveryConnectionInput!) {\n    createDeliveryConnection(input: $input) {\n      ...DeliveryConnectionFields\n    }\n  }\n": types.CreateDeliveryConnectionDocument,
    "\n  mutation UpdateDeliveryConnection($id: ID!, $input: DeliveryConnectionInput!) {\n    updateDeliveryConnection(id: $id, input: $input) {\n      ...DeliveryConnectionFields\n    }\n  }\n": types.UpdateDeliveryConnectionDocument,
    "\n  mutation ResumeDeliveryConnection($id: ID!) {\n    resumeDeliveryConnection(id: $id) {\n      resumed\n      connection {\n        ...DeliveryConnectionFields\n      }\n    }\n  }\n": types.ResumeDeliveryConnectionDocument,
    "\n  mutation DeleteDeliveryConnection($id: ID!) {\n    deleteDeliveryConnection(id: $id) {\n      id\n    }\n  }\n": types.DeleteDeliveryConnectionDocument,
    "\n  mutation TestDeliveryConnection($id: ID!) {\n    testDeliveryConnection(id: $id) {\n      ok\n      kind\n      message\n      connection {\n        ...DeliveryConnectionFields\n      }\n    }\n  }\n": types.TestDeliveryConnectionDocument,
    "\n  mutation DeliverProject($input: DeliverProjectInput!) {\n    deliverProject(input: $input) {\n      ...DeliveryFields\n    }\n  }\n": types.DeliverProjectDocument,
    "\n  subscription DeliveryProgress($deliveryId: ID!) {\n    deliveryProgress(deliveryId: $deliveryId) {\n      ...DeliveryFields\n    }\n  }\n": types.DeliveryProgressDocument,
    "\n  mutation ResendDelivery($input: ResendDeliveryInput!) {\n    resendDelivery(input: $input) {\n      ...DeliveryFields\n    }\n  }\n": types.ResendDeliveryDocument,
    "\n  mutation ExportDownload($projectId: ID!, $format: ExportFormat!, $withJpgs: Boolean!) {\n    exportDownload(projectId: $projectId, format: $format, withJpgs: $withJpgs) {\n      url\n      fileName\n      expiresAt\n      incomplete\n      note\n    }\n  }\n": types.ExportDownloadDocument,
    "\n  query ExportCheck($projectId: ID!, $format: AgencyExportFormat!) {\n    exportCheck(projectId: $projectId, format: $format) {\n      format\n      agency\n      source\n      totalRows\n      refusedCount\n      fileProblems\n      keywordsWritten {\n        fewest\n        most\n      }\n      rows {\n        rowNumber\n        fileSetId\n        filename\n        problems\n        warnings\n      }\n    }\n  }\n": types.ExportCheckDocument,
    "\n  query ExportProjectStatus($id: ID!) {\n    project(id: $id) {\n      id\n      status\n    }\n  }\n": types.ExportProjectStatusDocument,
    "\n  query TrialBalance($asOf: String, $first: Int!, $after: String) {\n    trialBalance(asOf: $asOf, first: $first, after: $after) {\n      asOf\n      total\n      balanced\n      hasMore\n      nextCursor\n      accounts {\n        account\n        balance\n        userName\n        userEmail\n      }\n      totals {\n        kind\n        balance\n        accounts\n      }\n    }\n  }\n": types.TrialBalanceDocument,
    "\n  query LedgerStatement($from: String, $to: String) {\n    ledgerStatement(from: $from, to: $to, groupBy: \"month\") {\n      from\n      to\n      opening\n      closing\n      balanced\n      movements {\n        kind\n        credits\n        dollars\n      }\n      periods {\n        from\n        to\n        opening\n        closing\n        balanced\n      }\n      users {\n        userId\n        userName\n        userEmail\n        credits\n      }\n      usersTruncated\n    }\n  }\n": types.LedgerStatementDocument,
    "\n  query MailOutbox($status: String, $limit: Int!, $offset: Int!) {\n    mailOutbox(status: $status, limit: $limit, offset: $offset) {\n      total\n      delivers\n      items {\n        id\n        kind\n        to\n        subject\n        text\n        status\n        attempts\n        lastError\n        createdAt\n        sentAt\n      }\n    }\n  }\n": types.MailOutboxDocument,
    "\n  mutation ResendMail($id: ID!) {\n    resendMail(id: $id) {\n      id\n      status\n      attempts\n      lastError\n    }\n  }\n": types.ResendMailDocument,
    "\n  query NotificationSettings {\n    notificationSettings {\n      ...NotificationSettingsFields\n    }\n  }\n": types.NotificationSettingsDocument,
    "\n  fragment NotificationSettingsFields on NotificationSettings {\n    kinds {\n      kind\n      label\n      enabled\n    }\n    lowCreditsBelow\n  }\n": types.NotificationSettingsFieldsFragmentDoc,
    "\n  mutation SetNotificationEnabled($kind: String!, $enabled: Boolean!) {\n    setNotificationEnabled(kind: $kind, enabled: $enabled) {\n      ...NotificationSettingsFields\n    }\n  }\n": types.SetNotificationEnabledDocument,
    "\n  mutation SetLowCreditsThreshold($credits: Float!) {\n    setLowCreditsThreshold(credits: $credits) {\n      ...NotificationSettingsFields\n    }\n  }\n": types.SetLowCreditsThresholdDocument,
    "\n  query MyNotifications {\n    myNotifications(first: 10) {\n      id\n      kind\n      subject\n      createdAt\n    }\n  }\n": types.MyNotificationsDocument,
    "\n  query PlaceEditPreview($fileSetId: ID!, $place: PlaceFieldsInput!) {\n    placeEditPreview(fileSetId: $fileSetId, place: $place) {\n      changed\n      before {\n        title\n        finalDescription\n        keywords\n      }\n      after {\n        title\n        finalDescription\n        keywords\n      }\n    }\n  }\n": types.PlaceEditPreviewDocument,
    "\n  mutation UpdateResultPlace($fileSetId: ID!, $place: PlaceFieldsInput!, $rewriteText: Boolean!) {\n    updateResultPlace(fileSetId: $fileSetId, place: $place, rewriteText: $rewriteText) {\n      fileSetId\n      edited\n      current {\n        content {\n          title\n          finalDescription\n          keywords\n        }\n        metadata {\n          city\n          region\n          country\n          placeLine\n          features\n        }\n      }\n    }\n  }\n": types.UpdateResultPlaceDocument,
    "\n  query PlaceAt($latitude: Float!, $longitude: Float!) {\n    placeAt(latitude: $latitude, longitude: $longitude) {\n      city\n      region\n      country\n      placeLine\n      features\n    }\n  }\n": types.PlaceAtDocument,
    "\n  query AgencyFindings($projectId: ID!) {\n    adobe: exportCheck(projectId: $projectId, format: ADOBE) {\n      agency\n      rows {\n        fileSetId\n        problems\n      }\n    }\n    shutterstock: exportCheck(projectId: $projectId, format: SHUTTERSTOCK) {\n      agency\n      rows {\n        fileSetId\n        problems\n      }\n    }\n    pond5: exportCheck(projectId: $projectId, format: POND5) {\n      agency\n      rows {\n        fileSetId\n        problems\n      }\n    }\n  }\n": types.AgencyFindingsDocument,
    "\n  fragment DetailResult on ProcessedResult {\n    content {\n      title\n      finalDescription\n      keywords\n      editorial\n      categories {\n        adobeCategory\n        shutterstockACategory\n        shutterstockBCategory\n      }\n    }\n    metadata {\n      latitude\n      longitude\n      city\n      country\n      region\n      placeLine\n      features\n    }\n    shotTypes {\n      id\n      label\n      value\n    }\n  }\n": types.DetailResultFragmentDoc,
    "\n  fragment DetailFileSetResult on FileSetResult {\n    fileSetId\n    edited\n    version\n    missingNote\n    current {\n      ...DetailResult\n    }\n  }\n": types.DetailFileSetResultFragmentDoc,
    "\n  mutation UpdateFileSetResult($fileSetId: ID!, $input: FileSetResultInput!) {\n    updateFileSetResult(fileSetId: $fileSetId, input: $input) {\n      ...DetailFileSetResult\n    }\n  }\n": types.UpdateFileSetResultDocument,
    "\n  mutation ResetFileSetResult($fileSetId: ID!) {\n    resetFileSetResult(fileSetId: $fileSetId) {\n      ...DetailFileSetResult\n    }\n  }\n": types.ResetFileSetResultDocument,
    "\n  fragment FileSetResultHolder on FileSet {\n    id\n    result {\n      ...DetailFileSetResult\n    }\n  }\n": types.FileSetResultHolderFragmentDoc,
    "\n  query ProjectDetail($id: ID!) {\n    project(id: $id) {\n      id\n      name\n      status\n      deletedAt\n      fileSetCount\n      fileSets {\n        id\n        baseName\n        status\n        thumbnailUri\n        previewImageUri\n        incompleteReason\n        files {\n          id\n          filename\n          fileTypeInfo\n          resourceUri\n        }\n        processing {\n          status\n          progress\n          stageMessage\n          reason\n        }\n        result {\n          ...DetailFileSetResult\n        }\n      }\n    }\n    categoryOptions {\n      adobe\n      shutterstock\n    }\n  }\n": types.ProjectDetailDocument,
    "\n  fragment ProgressFields on ProcessingProgress {\n    projectId\n    status\n    totalJobs\n    completedJobs\n    processingJobs\n    failedJobs\n    progress\n    acceptingSets\n    intakeStoppedReason\n    jobs {\n      id\n      fileSetId\n      status\n      progress\n      stageMessage\n    }\n  }\n": types.ProgressFieldsFragmentDoc,
    "\n  query ProjectProgress($projectId: ID!) {\n    projectProgress(projectId: $projectId) {\n      ...ProgressFields\n    }\n  }\n": types.ProjectProgressDocument,
    "\n  subscription ProjectProgressLive($projectId: ID!) {\n    projectProgress(projectId: $projectId) {\n      ...ProgressFields\n    }\n  }\n": types.ProjectProgressLiveDocument,
    "\n  query Projects($view: ProjectView!, $search: String, $createdOn: String, $tzOffsetMinutes: Int!, $first: Int!, $after: String) {\n    projects(view: $view, search: $search, createdOn: $createdOn, tzOffsetMinutes: $tzOffsetMinutes, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          name\n          description\n          createdAt\n          deletedAt\n          status\n          fileSetCount\n          uploadState {\n            filesToSend\n            setsToSend\n            incompleteSets\n          }\n          progress {\n            failedJobs\n          }\n        }\n      }\n    }\n    projectCounts {\n      active\n      trash\n    }\n  }\n": types.ProjectsDocument,
    "\n  fragment ProjectTrashState on Project {\n    id\n    deletedAt\n  }\n": types.ProjectTrashStateFragmentDoc,
    "\n  mutation TrashProject($id: ID!) {\n    trashProject(id: $id) {\n      ...ProjectTrashState\n    }\n  }\n": types.TrashProjectDocument,
    "\n  mutation RestoreProject($id: ID!) {\n    restoreProject(id: $id) {\n      ...ProjectTrashState\n    }\n  }\n": types.RestoreProjectDocument,
    "\n  mutation DeleteProjectPermanently($id: ID!) {\n    deleteProjectPermanently(id: $id)\n  }\n": types.DeleteProjectPermanentlyDocument,
    "\n  mutation EmptyTrash {\n    emptyTrash {\n      deleted\n      remaining\n      message\n    }\n  }\n": types.EmptyTrashDocument,
    "\n  query CameraTypes {\n    cameraTypes {\n      value\n      label\n    }\n  }\n": types.CameraTypesDocument,
    "\n  mutation CreateProject($input: CreateProjectInput!) {\n    createProject(input: $input) {\n      id\n      name\n      cameraType\n    }\n  }\n": types.CreateProjectDocument,
    "\n  query KeywordRulesPanel($projectId: ID!) {\n    keywordRules(projectId: $projectId) {\n      alwaysInclude\n      neverInclude\n      synonyms {\n        from\n        to\n      }\n      maxPerAgency {\n        adobe\n        shutterstock\n        pond5\n      }\n    }\n    keywordRulePresets {\n      id\n      name\n      rules {\n        alwaysInclude\n        neverInclude\n        synonyms {\n          from\n          to\n        }\n        maxPerAgency {\n          adobe\n          shutterstock\n          pond5\n        }\n      }\n    }\n  }\n": types.KeywordRulesPanelDocument,
    "\n  query KeywordRulesPreview($projectId: ID!, $rules: KeywordRulesInput!) {\n    keywordRulesPreview(projectId: $projectId, rules: $rules) {\n      sets\n      changed\n      entries {\n        kind\n        entry\n        sets\n        summary\n      }\n    }\n  }\n": types.KeywordRulesPreviewDocument,
    "\n  mutation SetKeywordRulesPanel($projectId: ID!, $rules: KeywordRulesInput!) {\n    setKeywordRules(projectId: $projectId, rules: $rules) {\n      alwaysInclude\n    }\n  }\n": types.SetKeywordRulesPanelDocument,
    "\n  mutation SaveKeywordRulePreset($name: String!, $rules: KeywordRulesInput!) {\n    saveKeywordRulePreset(name: $name, rules: $rules) {\n      id\n      name\n    }\n  }\n": types.SaveKeywordRulePresetDocument,
    "\n  mutation DeleteKeywordRulePreset($id: ID!) {\n    deleteKeywordRulePreset(id: $id)\n  }\n": types.DeleteKeywordRulePresetDocument,
    "\n  query ReviewSets($projectId: ID!, $first: Int!, $after: String, $filter: ReviewFilterInput, $sort: ReviewSort!, $descending: Boolean!) {\n    reviewSets(projectId: $projectId, first: $first, after: $after, filter: $filter, sort: $sort, descending: $descending) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          position\n          baseName\n          filename\n          thumbnailUri\n          status\n          title\n          description\n          keywords\n          keywordCount\n          adobeCategory\n          shutterstockACategory\n          shutterstockBCategory\n          city\n          country\n          region\n          placeLine\n          features\n          shotTypes\n          agencyRefusals {\n            format\n            agency\n            problems\n          }\n        }\n      }\n    }\n  }\n": types.ReviewSetsDocument,
    "\n  query ReviewContext($projectId: ID!) {\n    project(id: $projectId) {\n      id\n      name\n    }\n    categoryOptions {\n      adobe\n      shutterstock\n    }\n    shotTypeVocabulary {\n      id\n      label\n    }\n    projectEditHistory(projectId: $projectId, first: 20) {\n      id\n      action\n      params\n      changedCount\n      username\n      createdAt\n      undoneAt\n    }\n  }\n": types.ReviewContextDocument,
    "\n  fragment BulkResultFields on BulkEditResult {\n    actionId\n    matched\n    changed\n    unchanged\n    refused {\n      fileSetId\n      baseName\n      reason\n    }\n  }\n": types.BulkResultFieldsFragmentDoc,
    "\n  mutation ReviewAddKeywords($selection: ReviewSelectionInput!, $keywords: [String!]!, $position: KeywordPosition!) {\n    addKeywords(selection: $selection, keywords: $keywords, position: $position) {\n      ...BulkResultFields\n    }\n  }\n": types.ReviewAddKeywordsDocument,
    "\n  mutation ReviewRemoveKeywords($selection: ReviewSelectionInput!, $keywords: [String!]!) {\n    removeKeywords(selection: $selection, keywords: $keywords) {\n      ...BulkResultFields\n    }\n  }\n": types.ReviewRemoveKeywordsDocument,
    "\n  mutation ReviewReplaceKeyword($selection: ReviewSelectionInput!, $from: String!, $to: String!) {\n    replaceKeyword(selection: $selection, from: $from, to: $to) {\n      ...BulkResultFields\n    }\n  }\n": types.ReviewReplaceKeywordDocument,
    "\n  mutation ReviewFindReplace($selection: ReviewSelectionInput!, $field: ReviewTextField!, $find: String!, $replace: String!, $wholeWord: Boolean!) {\n    findReplace(selection: $selection, field: $field, find: $find, replace: $replace, wholeWord: $wholeWord) {\n      ...BulkResultFields\n    }\n  }\n": types.ReviewFindReplaceDocument,
    "\n  mutation ReviewSetCategories($selection: ReviewSelectionInput!, $adobeCategory: String) {\n    setCategories(selection: $selection, adobeCategory: $adobeCategory) {\n      ...BulkResultFields\n    }\n  }\n": types.ReviewSetCategoriesDocument,
    "\n  mutation ReviewReorder($selection: ReviewSelectionInput!) {\n    reorderKeywordsByRelevance(selection: $selection) {\n      ...BulkResultFields\n    }\n  }\n": types.ReviewReorderDocument,
    "\n  mutation ReviewReset($selection: ReviewSelectionInput!) {\n    resetToAiOriginal(selection: $selection) {\n      ...BulkResultFields\n    }\n  }\n": types.ReviewResetDocument,
    "\n  mutation ReviewUndo($projectId: ID!) {\n    undoProjectEdit(projectId: $projectId) {\n      actionId\n      restored\n      skipped\n      skippedCount\n    }\n  }\n": types.ReviewUndoDocument,
    "\n  query FileSetTrack($fileSetId: ID!) {\n    fileSetTrack(fileSetId: $fileSetId, maxPoints: 1500) {\n      fileSetId\n      baseName\n      title\n      start\n      end\n      altitudeReference\n      pointCount\n      points {\n        t\n        latitude\n        longitude\n        altitude\n        speed\n      }\n      frames {\n        index\n        t\n        latitude\n        longitude\n      }\n      downloads {\n        gpx\n        kml\n        geojson\n      }\n    }\n  }\n": types.FileSetTrackDocument,
    "\n  fragment WizardFileSet on FileSet {\n    id\n    baseName\n    status\n    missing\n    incompleteReason\n    shape\n    processable\n    stillFromVideo\n    stillProblem\n    withoutTelemetry\n    leftOut\n    files {\n      id\n      filename\n      fileTypeInfo\n      resourceUri\n      sizeBytes\n      proxy\n      fromVideo\n    }\n  }\n": types.WizardFileSetFragmentDoc,
    "\n  mutation ChooseFileSetProcessing($projectId: ID!, $fileSetIds: [ID!], $withoutTelemetry: Boolean, $leftOut: Boolean) {\n    chooseFileSetProcessing(projectId: $projectId, fileSetIds: $fileSetIds, withoutTelemetry: $withoutTelemetry, leftOut: $leftOut) {\n      ...WizardFileSet\n    }\n  }\n": types.ChooseFileSetProcessingDocument,
    "\n  mutation UploadFiles($projectId: ID!, $files: [Upload!]!) {\n    uploadFiles(projectId: $projectId, files: $files) {\n      message\n      accepted {\n        id\n        filename\n      }\n      refused {\n        filename\n        reason\n      }\n      summary {\n        fileSets\n        complete\n        incomplete\n      }\n    }\n  }\n": types.UploadFilesDocument,
    "\n  mutation ReplaceFileSetFile($fileSetId: ID!, $kind: FileKind, $file: Upload!) {\n    replaceFileSetFile(fileSetId: $fileSetId, kind: $kind, file: $file) {\n      message\n      replaced\n      fileSet {\n        ...WizardFileSet\n      }\n    }\n  }\n": types.ReplaceFileSetFileDocument,
    "\n  query VerifyFileSets($projectId: ID!) {\n    verifyFileSets(projectId: $projectId) {\n      projectId\n      allComplete\n      fileSets {\n        ...WizardFileSet\n      }\n    }\n  }\n": types.VerifyFileSetsDocument,
    "\n  mutation GenerateProjectJson($projectId: ID!, $completeOnly: Boolean!) {\n    generateProjectJson(projectId: $projectId, completeOnly: $completeOnly) {\n      message\n      fileSetCount\n      leftOut {\n        baseName\n        reason\n      }\n    }\n  }\n": types.GenerateProjectJsonDocument,
    "\n  query CostEstimate($projectId: ID!, $scope: ProcessingScope!) {\n    costEstimate(projectId: $projectId, scope: $scope) {\n      projectId\n      scope\n      costPerFileset\n      fileSetCount\n      totalFileSets\n      leftOut {\n        fileSetId\n        baseName\n        reason\n      }\n      totalCost\n      currentBalance\n      sufficient\n    }\n  }\n": types.CostEstimateDocument,
    "\n  query WizardResume($id: ID!) {\n    project(id: $id) {\n      id\n      name\n      status\n      deletedAt\n      fileSetCount\n      progress {\n        acceptingSets\n      }\n      uploadState {\n        filesToSend\n      }\n    }\n  }\n": types.WizardResumeDocument,
    "\n  query WizardUploadState($id: ID!) {\n    project(id: $id) {\n      id\n      uploadState {\n        filesToSend\n        setsToSend\n        incompleteSets\n      }\n    }\n  }\n": types.WizardUploadStateDocument,
    "\n  mutation RemoveFileSet($fileSetId: ID!) {\n    removeFileSet(fileSetId: $fileSetId) {\n      message\n      fileSetId\n    }\n  }\n": types.RemoveFileSetDocument,
    "\n  query UnfinishedUploads($projectId: ID!) {\n    unfinishedUploads(projectId: $projectId) {\n      id\n      filename\n      status\n      reason\n      sizeBytes\n      receivedBytes\n      expiresAt\n    }\n  }\n": types.UnfinishedUploadsDocument,
    "\n  mutation StartProcessingAsSetsComplete($projectId: ID!) {\n    startProcessingAsSetsComplete(projectId: $projectId) {\n      run {\n        id\n        costPerFileset\n        acceptingSets\n      }\n    }\n  }\n": types.StartProcessingAsSetsCompleteDocument,
    "\n  mutation StopTakingSets($projectId: ID!) {\n    stopTakingSets(projectId: $projectId) {\n      run {\n        id\n        totalJobs\n        acceptingSets\n      }\n    }\n  }\n": types.StopTakingSetsDocument,
    "\n  query SetsAsComplete($projectId: ID!) {\n    project(id: $projectId) {\n      id\n      progress {\n        acceptingSets\n        intakeStoppedReason\n        totalJobs\n        completedJobs\n        failedJobs\n      }\n      uploadState {\n        setsToSend\n      }\n      fileSets {\n        id\n        baseName\n        processing {\n          status\n          stageMessage\n        }\n        result {\n          current {\n            content {\n              title\n            }\n            metadata {\n              city\n              country\n            }\n          }\n        }\n      }\n    }\n  }\n": types.SetsAsCompleteDocument,
    "\n  fragment RunStarted on StartProcessingPayload {\n    run {\n      id\n      charged\n      totalJobs\n    }\n  }\n": types.RunStartedFragmentDoc,
    "\n  mutation StartProcessing($projectId: ID!) {\n    startProcessing(projectId: $projectId) {\n      ...RunStarted\n    }\n  }\n": types.StartProcessingDocument,
    "\n  mutation RetryProcessing($projectId: ID!) {\n    retryProcessing(projectId: $projectId) {\n      ...RunStarted\n    }\n  }\n": types.RetryProcessingDocument,
    "\n  fragment PageInfoFields on PageInfo {\n    hasNextPage\n    endCursor\n  }\n": types.PageInfoFieldsFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n"): (typeof documents)["\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n"): (typeof documents)["\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation IssuePasswordResetLink($userId: ID!) {\n    issuePasswordResetLink(userId: $userId) {\n      url\n      expiresAt\n      user {\n        id\n        username\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation IssuePasswordResetLink($userId: ID!) {\n    issuePasswordResetLink(userId: $userId) {\n      url\n      expiresAt\n      user {\n        id\n        username\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminQueueStats {\n    adminQueueStats {\n      name\n      counts {\n        waiting\n        active\n        completed\n        failed\n        delayed\n      }\n      recentFailed {\n        id\n        name\n        failedReason\n        attemptsMade\n        failedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminQueueStats {\n    adminQueueStats {\n      name\n      counts {\n        waiting\n        active\n        completed\n        failed\n        delayed\n      }\n      recentFailed {\n        id\n        name\n        failedReason\n        attemptsMade\n        failedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($first: Int!, $after: String, $search: String) {\n    adminUsers(first: $first, after: $after, search: $search) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          username\n          email\n          roleId\n          creditBalance\n          createdAt\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminUsers($first: Int!, $after: String, $search: String) {\n    adminUsers(first: $first, after: $after, search: $search) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          username\n          email\n          roleId\n          creditBalance\n          createdAt\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SettingFields on Setting {\n    key\n    value\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment SettingFields on Setting {\n    key\n    value\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Settings {\n    settings {\n      ...SettingFields\n    }\n  }\n"): (typeof documents)["\n  query Settings {\n    settings {\n      ...SettingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdjustUserCredits($userId: ID!, $amount: Money!, $reason: String, $idempotencyKey: String) {\n    adjustUserCredits(userId: $userId, amount: $amount, reason: $reason, idempotencyKey: $idempotencyKey) {\n      amount\n      newBalance\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation AdjustUserCredits($userId: ID!, $amount: Money!, $reason: String, $idempotencyKey: String) {\n    adjustUserCredits(userId: $userId, amount: $amount, reason: $reason, idempotencyKey: $idempotencyKey) {\n      amount\n      newBalance\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMarkup($value: Float!) {\n    updateMarkup(value: $value) {\n      message\n      costPerFileset\n      setting {\n        ...SettingFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMarkup($value: Float!) {\n    updateMarkup(value: $value) {\n      message\n      costPerFileset\n      setting {\n        ...SettingFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminPurchaseRequests($status: String, $first: Int!, $after: String) {\n    adminPurchaseRequests(status: $status, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          ...PurchaseRequestFields\n          user {\n            id\n            username\n            email\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminPurchaseRequests($status: String, $first: Int!, $after: String) {\n    adminPurchaseRequests(status: $status, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          ...PurchaseRequestFields\n          user {\n            id\n            username\n            email\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApprovePurchaseRequest($id: ID!, $adminNotes: String) {\n    approvePurchaseRequest(id: $id, adminNotes: $adminNotes) {\n      message\n      newBalance\n      request {\n        ...PurchaseRequestFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ApprovePurchaseRequest($id: ID!, $adminNotes: String) {\n    approvePurchaseRequest(id: $id, adminNotes: $adminNotes) {\n      message\n      newBalance\n      request {\n        ...PurchaseRequestFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectPurchaseRequest($id: ID!, $adminNotes: String) {\n    rejectPurchaseRequest(id: $id, adminNotes: $adminNotes) {\n      message\n      request {\n        ...PurchaseRequestFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RejectPurchaseRequest($id: ID!, $adminNotes: String) {\n    rejectPurchaseRequest(id: $id, adminNotes: $adminNotes) {\n      message\n      request {\n        ...PurchaseRequestFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LedgerEvents($filter: LedgerEventFilter, $first: Int!, $after: String) {\n    ledgerEvents(filter: $filter, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          sequence\n          type\n          userId\n          user {\n            id\n            username\n          }\n          actorId\n          actor {\n            id\n            username\n          }\n          amount\n          reason\n          createdAt\n          hash\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query LedgerEvents($filter: LedgerEventFilter, $first: Int!, $after: String) {\n    ledgerEvents(filter: $filter, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          sequence\n          type\n          userId\n          user {\n            id\n            username\n          }\n          actorId\n          actor {\n            id\n            username\n          }\n          amount\n          reason\n          createdAt\n          hash\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LedgerVerification {\n    ledgerVerification {\n      ok\n      checkedEvents\n      firstInvalidEventId\n      reason\n    }\n  }\n"): (typeof documents)["\n  query LedgerVerification {\n    ledgerVerification {\n      ok\n      checkedEvents\n      firstInvalidEventId\n      reason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LedgerReplay {\n    ledgerReplay {\n      ok\n      eventsReplayed\n      differences {\n        userId\n        field\n        live\n        replayed\n      }\n    }\n  }\n"): (typeof documents)["\n  query LedgerReplay {\n    ledgerReplay {\n      ok\n      eventsReplayed\n      differences {\n        userId\n        field\n        live\n        replayed\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPaymentInstructions($input: PaymentInstructionsInput!) {\n    setPaymentInstructions(input: $input) {\n      bank\n      paypal\n      venmo\n      other\n    }\n  }\n"): (typeof documents)["\n  mutation SetPaymentInstructions($input: PaymentInstructionsInput!) {\n    setPaymentInstructions(input: $input) {\n      bank\n      paypal\n      venmo\n      other\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetContactEmail($email: String!) {\n    setContactEmail(email: $email)\n  }\n"): (typeof documents)["\n  mutation SetContactEmail($email: String!) {\n    setContactEmail(email: $email)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiTokens($first: Int!, $after: String) {\n    apiTokens(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          name\n          scopes\n          prefix\n          createdAt\n          expiresAt\n          lastUsedAt\n          revokedAt\n          active\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ApiTokens($first: Int!, $after: String) {\n    apiTokens(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          name\n          scopes\n          prefix\n          createdAt\n          expiresAt\n          lastUsedAt\n          revokedAt\n          active\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      secret\n      token {\n        id\n        name\n        scopes\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      secret\n      token {\n        id\n        name\n        scopes\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id) {\n      id\n      active\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id) {\n      id\n      active\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    me {\n      id\n      username\n      email\n      firstName\n      lastName\n      roleId\n      isAdmin\n      theme\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query Viewer {\n    me {\n      id\n      username\n      email\n      firstName\n      lastName\n      roleId\n      isAdmin\n      theme\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AuthPayloadFields on AuthPayload {\n    token\n    user {\n      id\n      username\n    }\n  }\n"): (typeof documents)["\n  fragment AuthPayloadFields on AuthPayload {\n    token\n    user {\n      id\n      username\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n"): (typeof documents)["\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n"): (typeof documents)["\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...AuthPayloadFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTheme($theme: Theme!) {\n    updateTheme(theme: $theme) {\n      id\n      theme\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTheme($theme: Theme!) {\n    updateTheme(theme: $theme) {\n      id\n      theme\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestPasswordReset($identifier: String!) {\n    requestPasswordReset(identifier: $identifier)\n  }\n"): (typeof documents)["\n  mutation RequestPasswordReset($identifier: String!) {\n    requestPasswordReset(identifier: $identifier)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendContactMessage($input: ContactMessageInput!) {\n    sendContactMessage(input: $input) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation SendContactMessage($input: ContactMessageInput!) {\n    sendContactMessage(input: $input) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContactMessages($unreadOnly: Boolean!, $limit: Int!, $offset: Int!) {\n    contactMessages(unreadOnly: $unreadOnly, limit: $limit, offset: $offset) {\n      total\n      unread\n      items {\n        id\n        name\n        email\n        message\n        createdAt\n        readAt\n        repliedAt\n        reply\n      }\n    }\n  }\n"): (typeof documents)["\n  query ContactMessages($unreadOnly: Boolean!, $limit: Int!, $offset: Int!) {\n    contactMessages(unreadOnly: $unreadOnly, limit: $limit, offset: $offset) {\n      total\n      unread\n      items {\n        id\n        name\n        email\n        message\n        createdAt\n        readAt\n        repliedAt\n        reply\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkContactMessageRead($id: ID!, $read: Boolean!) {\n    markContactMessageRead(id: $id, read: $read) {\n      id\n      readAt\n    }\n  }\n"): (typeof documents)["\n  mutation MarkContactMessageRead($id: ID!, $read: Boolean!) {\n    markContactMessageRead(id: $id, read: $read) {\n      id\n      readAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReplyToContactMessage($id: ID!, $reply: String!) {\n    replyToContactMessage(id: $id, reply: $reply) {\n      id\n      readAt\n      repliedAt\n      reply\n    }\n  }\n"): (typeof documents)["\n  mutation ReplyToContactMessage($id: ID!, $reply: String!) {\n    replyToContactMessage(id: $id, reply: $reply) {\n      id\n      readAt\n      repliedAt\n      reply\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CreditBalance {\n    me {\n      id\n      creditBalance\n    }\n  }\n"): (typeof documents)["\n  query CreditBalance {\n    me {\n      id\n      creditBalance\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Transactions($first: Int!, $after: String) {\n    transactions(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          createdAt\n          description\n          amount\n          balanceAfterTransaction\n          transactionType\n          runId\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Transactions($first: Int!, $after: String) {\n    transactions(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          createdAt\n          description\n          amount\n          balanceAfterTransaction\n          transactionType\n          runId\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CreditPackages {\n    creditPackages {\n      id\n      name\n      credits\n      price\n      description\n      pricePerCredit\n      savingsPercent\n      bestValue\n    }\n  }\n"): (typeof documents)["\n  query CreditPackages {\n    creditPackages {\n      id\n      name\n      credits\n      price\n      description\n      pricePerCredit\n      savingsPercent\n      bestValue\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePurchaseRequest($packageId: ID!, $idempotencyKey: String) {\n    createPurchaseRequest(packageId: $packageId, idempotencyKey: $idempotencyKey) {\n      id\n      reference\n      status\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePurchaseRequest($packageId: ID!, $idempotencyKey: String) {\n    createPurchaseRequest(packageId: $packageId, idempotencyKey: $idempotencyKey) {\n      id\n      reference\n      status\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PurchaseRequestFields on PurchaseRequest {\n    id\n    reference\n    status\n    createdAt\n    decidedAt\n    adminNotes\n    paymentProof\n    creditPackage {\n      id\n      name\n      credits\n      price\n    }\n  }\n"): (typeof documents)["\n  fragment PurchaseRequestFields on PurchaseRequest {\n    id\n    reference\n    status\n    createdAt\n    decidedAt\n    adminNotes\n    paymentProof\n    creditPackage {\n      id\n      name\n      credits\n      price\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyPurchaseRequests($first: Int!, $after: String) {\n    myPurchaseRequests(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          ...PurchaseRequestFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyPurchaseRequests($first: Int!, $after: String) {\n    myPurchaseRequests(first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          ...PurchaseRequestFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentInstructions {\n    paymentInstructions {\n      bank\n      paypal\n      venmo\n      other\n    }\n  }\n"): (typeof documents)["\n  query PaymentInstructions {\n    paymentInstructions {\n      bank\n      paypal\n      venmo\n      other\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitPaymentProof($id: ID!, $paymentProof: String!) {\n    submitPaymentProof(id: $id, paymentProof: $paymentProof) {\n      ...PurchaseRequestFields\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitPaymentProof($id: ID!, $paymentProof: String!) {\n    submitPaymentProof(id: $id, paymentProof: $paymentProof) {\n      ...PurchaseRequestFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContactEmail {\n    contactEmail\n  }\n"): (typeof documents)["\n  query ContactEmail {\n    contactEmail\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DeliveryConnectionFields on DeliveryConnection {\n    id\n    name\n    agency\n    protocol\n    host\n    port\n    username\n    passwordSet\n    secretMissingReason\n    lastTestOk\n    lastTestMessage\n    pausedReason\n    remoteFolder\n    hostKey\n    allowOverwrite\n    createFolder\n    maxSessions\n    receives\n    receivesDefault\n    checkRules\n    csvUploadPage\n  }\n"): (typeof documents)["\n  fragment DeliveryConnectionFields on DeliveryConnection {\n    id\n    name\n    agency\n    protocol\n    host\n    port\n    username\n    passwordSet\n    secretMissingReason\n    lastTestOk\n    lastTestMessage\n    pausedReason\n    remoteFolder\n    hostKey\n    allowOverwrite\n    createFolder\n    maxSessions\n    receives\n    receivesDefault\n    checkRules\n    csvUploadPage\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DeliveryFields on Delivery {\n    id\n    createdAt\n    done\n    override\n    resendOf\n    startedBy\n    startedByOwner\n    connections {\n      connectionId\n      name\n      agency\n      csvUploadPage\n      counts {\n        queued\n        sending\n        sent\n        failed\n        skipped\n        held\n        paused\n        conflict\n      }\n    }\n    items {\n      id\n      connectionId\n      filename\n      sizeBytes\n      status\n      bytesSent\n      bytesPerSecond\n      message\n      remotePlace\n      remoteSize\n    }\n  }\n"): (typeof documents)["\n  fragment DeliveryFields on Delivery {\n    id\n    createdAt\n    done\n    override\n    resendOf\n    startedBy\n    startedByOwner\n    connections {\n      connectionId\n      name\n      agency\n      csvUploadPage\n      counts {\n        queued\n        sending\n        sent\n        failed\n        skipped\n        held\n        paused\n        conflict\n      }\n    }\n    items {\n      id\n      connectionId\n      filename\n      sizeBytes\n      status\n      bytesSent\n      bytesPerSecond\n      message\n      remotePlace\n      remoteSize\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DeliverySetup($projectId: ID!) {\n    deliveryAgencies {\n      agency\n      name\n      protocol\n      host\n      port\n    }\n    deliveryConnections {\n      ...DeliveryConnectionFields\n    }\n    projectDeliveries(projectId: $projectId) {\n      ...DeliveryFields\n    }\n  }\n"): (typeof documents)["\n  query DeliverySetup($projectId: ID!) {\n    deliveryAgencies {\n      agency\n      name\n      protocol\n      host\n      port\n    }\n    deliveryConnections {\n      ...DeliveryConnectionFields\n    }\n    projectDeliveries(projectId: $projectId) {\n      ...DeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDeliveryConnection($input: DeliveryConnectionInput!) {\n    createDeliveryConnection(input: $input) {\n      ...DeliveryConnectionFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDeliveryConnection($input: DeliveryConnectionInput!) {\n    createDeliveryConnection(input: $input) {\n      ...DeliveryConnectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDeliveryConnection($id: ID!, $input: DeliveryConnectionInput!) {\n    updateDeliveryConnection(id: $id, input: $input) {\n      ...DeliveryConnectionFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDeliveryConnection($id: ID!, $input: DeliveryConnectionInput!) {\n    updateDeliveryConnection(id: $id, input: $input) {\n      ...DeliveryConnectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeDeliveryConnection($id: ID!) {\n    resumeDeliveryConnection(id: $id) {\n      resumed\n      connection {\n        ...DeliveryConnectionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeDeliveryConnection($id: ID!) {\n    resumeDeliveryConnection(id: $id) {\n      resumed\n      connection {\n        ...DeliveryConnectionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDeliveryConnection($id: ID!) {\n    deleteDeliveryConnection(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteDeliveryConnection($id: ID!) {\n    deleteDeliveryConnection(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestDeliveryConnection($id: ID!) {\n    testDeliveryConnection(id: $id) {\n      ok\n      kind\n      message\n      connection {\n        ...DeliveryConnectionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation TestDeliveryConnection($id: ID!) {\n    testDeliveryConnection(id: $id) {\n      ok\n      kind\n      message\n      connection {\n        ...DeliveryConnectionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeliverProject($input: DeliverProjectInput!) {\n    deliverProject(input: $input) {\n      ...DeliveryFields\n    }\n  }\n"): (typeof documents)["\n  mutation DeliverProject($input: DeliverProjectInput!) {\n    deliverProject(input: $input) {\n      ...DeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription DeliveryProgress($deliveryId: ID!) {\n    deliveryProgress(deliveryId: $deliveryId) {\n      ...DeliveryFields\n    }\n  }\n"): (typeof documents)["\n  subscription DeliveryProgress($deliveryId: ID!) {\n    deliveryProgress(deliveryId: $deliveryId) {\n      ...DeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendDelivery($input: ResendDeliveryInput!) {\n    resendDelivery(input: $input) {\n      ...DeliveryFields\n    }\n  }\n"): (typeof documents)["\n  mutation ResendDelivery($input: ResendDeliveryInput!) {\n    resendDelivery(input: $input) {\n      ...DeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ExportDownload($projectId: ID!, $format: ExportFormat!, $withJpgs: Boolean!) {\n    exportDownload(projectId: $projectId, format: $format, withJpgs: $withJpgs) {\n      url\n      fileName\n      expiresAt\n      incomplete\n      note\n    }\n  }\n"): (typeof documents)["\n  mutation ExportDownload($projectId: ID!, $format: ExportFormat!, $withJpgs: Boolean!) {\n    exportDownload(projectId: $projectId, format: $format, withJpgs: $withJpgs) {\n      url\n      fileName\n      expiresAt\n      incomplete\n      note\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExportCheck($projectId: ID!, $format: AgencyExportFormat!) {\n    exportCheck(projectId: $projectId, format: $format) {\n      format\n      agency\n      source\n      totalRows\n      refusedCount\n      fileProblems\n      keywordsWritten {\n        fewest\n        most\n      }\n      rows {\n        rowNumber\n        fileSetId\n        filename\n        problems\n        warnings\n      }\n    }\n  }\n"): (typeof documents)["\n  query ExportCheck($projectId: ID!, $format: AgencyExportFormat!) {\n    exportCheck(projectId: $projectId, format: $format) {\n      format\n      agency\n      source\n      totalRows\n      refusedCount\n      fileProblems\n      keywordsWritten {\n        fewest\n        most\n      }\n      rows {\n        rowNumber\n        fileSetId\n        filename\n        problems\n        warnings\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExportProjectStatus($id: ID!) {\n    project(id: $id) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  query ExportProjectStatus($id: ID!) {\n    project(id: $id) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TrialBalance($asOf: String, $first: Int!, $after: String) {\n    trialBalance(asOf: $asOf, first: $first, after: $after) {\n      asOf\n      total\n      balanced\n      hasMore\n      nextCursor\n      accounts {\n        account\n        balance\n        userName\n        userEmail\n      }\n      totals {\n        kind\n        balance\n        accounts\n      }\n    }\n  }\n"): (typeof documents)["\n  query TrialBalance($asOf: String, $first: Int!, $after: String) {\n    trialBalance(asOf: $asOf, first: $first, after: $after) {\n      asOf\n      total\n      balanced\n      hasMore\n      nextCursor\n      accounts {\n        account\n        balance\n        userName\n        userEmail\n      }\n      totals {\n        kind\n        balance\n        accounts\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LedgerStatement($from: String, $to: String) {\n    ledgerStatement(from: $from, to: $to, groupBy: \"month\") {\n      from\n      to\n      opening\n      closing\n      balanced\n      movements {\n        kind\n        credits\n        dollars\n      }\n      periods {\n        from\n        to\n        opening\n        closing\n        balanced\n      }\n      users {\n        userId\n        userName\n        userEmail\n        credits\n      }\n      usersTruncated\n    }\n  }\n"): (typeof documents)["\n  query LedgerStatement($from: String, $to: String) {\n    ledgerStatement(from: $from, to: $to, groupBy: \"month\") {\n      from\n      to\n      opening\n      closing\n      balanced\n      movements {\n        kind\n        credits\n        dollars\n      }\n      periods {\n        from\n        to\n        opening\n        closing\n        balanced\n      }\n      users {\n        userId\n        userName\n        userEmail\n        credits\n      }\n      usersTruncated\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MailOutbox($status: String, $limit: Int!, $offset: Int!) {\n    mailOutbox(status: $status, limit: $limit, offset: $offset) {\n      total\n      delivers\n      items {\n        id\n        kind\n        to\n        subject\n        text\n        status\n        attempts\n        lastError\n        createdAt\n        sentAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query MailOutbox($status: String, $limit: Int!, $offset: Int!) {\n    mailOutbox(status: $status, limit: $limit, offset: $offset) {\n      total\n      delivers\n      items {\n        id\n        kind\n        to\n        subject\n        text\n        status\n        attempts\n        lastError\n        createdAt\n        sentAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendMail($id: ID!) {\n    resendMail(id: $id) {\n      id\n      status\n      attempts\n      lastError\n    }\n  }\n"): (typeof documents)["\n  mutation ResendMail($id: ID!) {\n    resendMail(id: $id) {\n      id\n      status\n      attempts\n      lastError\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationSettings {\n    notificationSettings {\n      ...NotificationSettingsFields\n    }\n  }\n"): (typeof documents)["\n  query NotificationSettings {\n    notificationSettings {\n      ...NotificationSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment NotificationSettingsFields on NotificationSettings {\n    kinds {\n      kind\n      label\n      enabled\n    }\n    lowCreditsBelow\n  }\n"): (typeof documents)["\n  fragment NotificationSettingsFields on NotificationSettings {\n    kinds {\n      kind\n      label\n      enabled\n    }\n    lowCreditsBelow\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetNotificationEnabled($kind: String!, $enabled: Boolean!) {\n    setNotificationEnabled(kind: $kind, enabled: $enabled) {\n      ...NotificationSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetNotificationEnabled($kind: String!, $enabled: Boolean!) {\n    setNotificationEnabled(kind: $kind, enabled: $enabled) {\n      ...NotificationSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetLowCreditsThreshold($credits: Float!) {\n    setLowCreditsThreshold(credits: $credits) {\n      ...NotificationSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetLowCreditsThreshold($credits: Float!) {\n    setLowCreditsThreshold(credits: $credits) {\n      ...NotificationSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyNotifications {\n    myNotifications(first: 10) {\n      id\n      kind\n      subject\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query MyNotifications {\n    myNotifications(first: 10) {\n      id\n      kind\n      subject\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlaceEditPreview($fileSetId: ID!, $place: PlaceFieldsInput!) {\n    placeEditPreview(fileSetId: $fileSetId, place: $place) {\n      changed\n      before {\n        title\n        finalDescription\n        keywords\n      }\n      after {\n        title\n        finalDescription\n        keywords\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlaceEditPreview($fileSetId: ID!, $place: PlaceFieldsInput!) {\n    placeEditPreview(fileSetId: $fileSetId, place: $place) {\n      changed\n      before {\n        title\n        finalDescription\n        keywords\n      }\n      after {\n        title\n        finalDescription\n        keywords\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateResultPlace($fileSetId: ID!, $place: PlaceFieldsInput!, $rewriteText: Boolean!) {\n    updateResultPlace(fileSetId: $fileSetId, place: $place, rewriteText: $rewriteText) {\n      fileSetId\n      edited\n      current {\n        content {\n          title\n          finalDescription\n          keywords\n        }\n        metadata {\n          city\n          region\n          country\n          placeLine\n          features\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateResultPlace($fileSetId: ID!, $place: PlaceFieldsInput!, $rewriteText: Boolean!) {\n    updateResultPlace(fileSetId: $fileSetId, place: $place, rewriteText: $rewriteText) {\n      fileSetId\n      edited\n      current {\n        content {\n          title\n          finalDescription\n          keywords\n        }\n        metadata {\n          city\n          region\n          country\n          placeLine\n          features\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlaceAt($latitude: Float!, $longitude: Float!) {\n    placeAt(latitude: $latitude, longitude: $longitude) {\n      city\n      region\n      country\n      placeLine\n      features\n    }\n  }\n"): (typeof documents)["\n  query PlaceAt($latitude: Float!, $longitude: Float!) {\n    placeAt(latitude: $latitude, longitude: $longitude) {\n      city\n      region\n      country\n      placeLine\n      features\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgencyFindings($projectId: ID!) {\n    adobe: exportCheck(projectId: $projectId, format: ADOBE) {\n      agency\n      rows {\n        fileSetId\n        problems\n      }\n    }\n    shutterstock: exportCheck(projectId: $projectId, format: SHUTTERSTOCK) {\n      agency\n      rows {\n        fileSetId\n        problems\n      }\n    }\n    pond5: exportCheck(projectId: $projectId, format: POND5) {\n      agency\n      rows {\n        fileSetId\n        problems\n      }\n    }\n  }\n"): (typeof documents)["\n  query AgencyFindings($projectId: ID!) {\n    adobe: exportCheck(projectId: $projectId, format: ADOBE) {\n      agency\n      rows {\n        fileSetId\n        problems\n      }\n    }\n    shutterstock: exportCheck(projectId: $projectId, format: SHUTTERSTOCK) {\n      agency\n      rows {\n        fileSetId\n        problems\n      }\n    }\n    pond5: exportCheck(projectId: $projectId, format: POND5) {\n      agency\n      rows {\n        fileSetId\n        problems\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DetailResult on ProcessedResult {\n    content {\n      title\n      finalDescription\n      keywords\n      editorial\n      categories {\n        adobeCategory\n        shutterstockACategory\n        shutterstockBCategory\n      }\n    }\n    metadata {\n      latitude\n      longitude\n      city\n      country\n      region\n      placeLine\n      features\n    }\n    shotTypes {\n      id\n      label\n      value\n    }\n  }\n"): (typeof documents)["\n  fragment DetailResult on ProcessedResult {\n    content {\n      title\n      finalDescription\n      keywords\n      editorial\n      categories {\n        adobeCategory\n        shutterstockACategory\n        shutterstockBCategory\n      }\n    }\n    metadata {\n      latitude\n      longitude\n      city\n      country\n      region\n      placeLine\n      features\n    }\n    shotTypes {\n      id\n      label\n      value\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DetailFileSetResult on FileSetResult {\n    fileSetId\n    edited\n    version\n    missingNote\n    current {\n      ...DetailResult\n    }\n  }\n"): (typeof documents)["\n  fragment DetailFileSetResult on FileSetResult {\n    fileSetId\n    edited\n    version\n    missingNote\n    current {\n      ...DetailResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateFileSetResult($fileSetId: ID!, $input: FileSetResultInput!) {\n    updateFileSetResult(fileSetId: $fileSetId, input: $input) {\n      ...DetailFileSetResult\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateFileSetResult($fileSetId: ID!, $input: FileSetResultInput!) {\n    updateFileSetResult(fileSetId: $fileSetId, input: $input) {\n      ...DetailFileSetResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetFileSetResult($fileSetId: ID!) {\n    resetFileSetResult(fileSetId: $fileSetId) {\n      ...DetailFileSetResult\n    }\n  }\n"): (typeof documents)["\n  mutation ResetFileSetResult($fileSetId: ID!) {\n    resetFileSetResult(fileSetId: $fileSetId) {\n      ...DetailFileSetResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FileSetResultHolder on FileSet {\n    id\n    result {\n      ...DetailFileSetResult\n    }\n  }\n"): (typeof documents)["\n  fragment FileSetResultHolder on FileSet {\n    id\n    result {\n      ...DetailFileSetResult\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectDetail($id: ID!) {\n    project(id: $id) {\n      id\n      name\n      status\n      deletedAt\n      fileSetCount\n      fileSets {\n        id\n        baseName\n        status\n        thumbnailUri\n        previewImageUri\n        incompleteReason\n        files {\n          id\n          filename\n          fileTypeInfo\n          resourceUri\n        }\n        processing {\n          status\n          progress\n          stageMessage\n          reason\n        }\n        result {\n          ...DetailFileSetResult\n        }\n      }\n    }\n    categoryOptions {\n      adobe\n      shutterstock\n    }\n  }\n"): (typeof documents)["\n  query ProjectDetail($id: ID!) {\n    project(id: $id) {\n      id\n      name\n      status\n      deletedAt\n      fileSetCount\n      fileSets {\n        id\n        baseName\n        status\n        thumbnailUri\n        previewImageUri\n        incompleteReason\n        files {\n          id\n          filename\n          fileTypeInfo\n          resourceUri\n        }\n        processing {\n          status\n          progress\n          stageMessage\n          reason\n        }\n        result {\n          ...DetailFileSetResult\n        }\n      }\n    }\n    categoryOptions {\n      adobe\n      shutterstock\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProgressFields on ProcessingProgress {\n    projectId\n    status\n    totalJobs\n    completedJobs\n    processingJobs\n    failedJobs\n    progress\n    acceptingSets\n    intakeStoppedReason\n    jobs {\n      id\n      fileSetId\n      status\n      progress\n      stageMessage\n    }\n  }\n"): (typeof documents)["\n  fragment ProgressFields on ProcessingProgress {\n    projectId\n    status\n    totalJobs\n    completedJobs\n    processingJobs\n    failedJobs\n    progress\n    acceptingSets\n    intakeStoppedReason\n    jobs {\n      id\n      fileSetId\n      status\n      progress\n      stageMessage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectProgress($projectId: ID!) {\n    projectProgress(projectId: $projectId) {\n      ...ProgressFields\n    }\n  }\n"): (typeof documents)["\n  query ProjectProgress($projectId: ID!) {\n    projectProgress(projectId: $projectId) {\n      ...ProgressFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ProjectProgressLive($projectId: ID!) {\n    projectProgress(projectId: $projectId) {\n      ...ProgressFields\n    }\n  }\n"): (typeof documents)["\n  subscription ProjectProgressLive($projectId: ID!) {\n    projectProgress(projectId: $projectId) {\n      ...ProgressFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Projects($view: ProjectView!, $search: String, $createdOn: String, $tzOffsetMinutes: Int!, $first: Int!, $after: String) {\n    projects(view: $view, search: $search, createdOn: $createdOn, tzOffsetMinutes: $tzOffsetMinutes, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          name\n          description\n          createdAt\n          deletedAt\n          status\n          fileSetCount\n          uploadState {\n            filesToSend\n            setsToSend\n            incompleteSets\n          }\n          progress {\n            failedJobs\n          }\n        }\n      }\n    }\n    projectCounts {\n      active\n      trash\n    }\n  }\n"): (typeof documents)["\n  query Projects($view: ProjectView!, $search: String, $createdOn: String, $tzOffsetMinutes: Int!, $first: Int!, $after: String) {\n    projects(view: $view, search: $search, createdOn: $createdOn, tzOffsetMinutes: $tzOffsetMinutes, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        ...PageInfoFields\n      }\n      edges {\n        node {\n          id\n          name\n          description\n          createdAt\n          deletedAt\n          status\n          fileSetCount\n          uploadState {\n            filesToSend\n            setsToSend\n            incompleteSets\n          }\n          progress {\n            failedJobs\n          }\n        }\n      }\n    }\n    projectCounts {\n      active\n      trash\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProjectTrashState on Project {\n    id\n    deletedAt\n  }\n"): (typeof documents)["\n  fragment ProjectTrashState on Project {\n    id\n    deletedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TrashProject($id: ID!) {\n    trashProject(id: $id) {\n      ...ProjectTrashState\n    }\n  }\n"): (typeof documents)["\n  mutation TrashProject($id: ID!) {\n    trashProject(id: $id) {\n      ...ProjectTrashState\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestoreProject($id: ID!) {\n    restoreProject(id: $id) {\n      ...ProjectTrashState\n    }\n  }\n"): (typeof documents)["\n  mutation RestoreProject($id: ID!) {\n    restoreProject(id: $id) {\n      ...ProjectTrashState\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProjectPermanently($id: ID!) {\n    deleteProjectPermanently(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteProjectPermanently($id: ID!) {\n    deleteProjectPermanently(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EmptyTrash {\n    emptyTrash {\n      deleted\n      remaining\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation EmptyTrash {\n    emptyTrash {\n      deleted\n      remaining\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CameraTypes {\n    cameraTypes {\n      value\n      label\n    }\n  }\n"): (typeof documents)["\n  query CameraTypes {\n    cameraTypes {\n      value\n      label\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProject($input: CreateProjectInput!) {\n    createProject(input: $input) {\n      id\n      name\n      cameraType\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProject($input: CreateProjectInput!) {\n    createProject(input: $input) {\n      id\n      name\n      cameraType\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query KeywordRulesPanel($projectId: ID!) {\n    keywordRules(projectId: $projectId) {\n      alwaysInclude\n      neverInclude\n      synonyms {\n        from\n        to\n      }\n      maxPerAgency {\n        adobe\n        shutterstock\n        pond5\n      }\n    }\n    keywordRulePresets {\n      id\n      name\n      rules {\n        alwaysInclude\n        neverInclude\n        synonyms {\n          from\n          to\n        }\n        maxPerAgency {\n          adobe\n          shutterstock\n          pond5\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query KeywordRulesPanel($projectId: ID!) {\n    keywordRules(projectId: $projectId) {\n      alwaysInclude\n      neverInclude\n      synonyms {\n        from\n        to\n      }\n      maxPerAgency {\n        adobe\n        shutterstock\n        pond5\n      }\n    }\n    keywordRulePresets {\n      id\n      name\n      rules {\n        alwaysInclude\n        neverInclude\n        synonyms {\n          from\n          to\n        }\n        maxPerAgency {\n          adobe\n          shutterstock\n          pond5\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query KeywordRulesPreview($projectId: ID!, $rules: KeywordRulesInput!) {\n    keywordRulesPreview(projectId: $projectId, rules: $rules) {\n      sets\n      changed\n      entries {\n        kind\n        entry\n        sets\n        summary\n      }\n    }\n  }\n"): (typeof documents)["\n  query KeywordRulesPreview($projectId: ID!, $rules: KeywordRulesInput!) {\n    keywordRulesPreview(projectId: $projectId, rules: $rules) {\n      sets\n      changed\n      entries {\n        kind\n        entry\n        sets\n        summary\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetKeywordRulesPanel($projectId: ID!, $rules: KeywordRulesInput!) {\n    setKeywordRules(projectId: $projectId, rules: $rules) {\n      alwaysInclude\n    }\n  }\n"): (typeof documents)["\n  mutation SetKeywordRulesPanel($projectId: ID!, $rules: KeywordRulesInput!) {\n    setKeywordRules(projectId: $projectId, rules: $rules) {\n      alwaysInclude\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveKeywordRulePreset($name: String!, $rules: KeywordRulesInput!) {\n    saveKeywordRulePreset(name: $name, rules: $rules) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation SaveKeywordRulePreset($name: String!, $rules: KeywordRulesInput!) {\n    saveKeywordRulePreset(name: $name, rules: $rules) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteKeywordRulePreset($id: ID!) {\n    deleteKeywordRulePreset(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteKeywordRulePreset($id: ID!) {\n    deleteKeywordRulePreset(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReviewSets($projectId: ID!, $first: Int!, $after: String, $filter: ReviewFilterInput, $sort: ReviewSort!, $descending: Boolean!) {\n    reviewSets(projectId: $projectId, first: $first, after: $after, filter: $filter, sort: $sort, descending: $descending) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          position\n          baseName\n          filename\n          thumbnailUri\n          status\n          title\n          description\n          keywords\n          keywordCount\n          adobeCategory\n          shutterstockACategory\n          shutterstockBCategory\n          city\n          country\n          region\n          placeLine\n          features\n          shotTypes\n          agencyRefusals {\n            format\n            agency\n            problems\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ReviewSets($projectId: ID!, $first: Int!, $after: String, $filter: ReviewFilterInput, $sort: ReviewSort!, $descending: Boolean!) {\n    reviewSets(projectId: $projectId, first: $first, after: $after, filter: $filter, sort: $sort, descending: $descending) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          position\n          baseName\n          filename\n          thumbnailUri\n          status\n          title\n          description\n          keywords\n          keywordCount\n          adobeCategory\n          shutterstockACategory\n          shutterstockBCategory\n          city\n          country\n          region\n          placeLine\n          features\n          shotTypes\n          agencyRefusals {\n            format\n            agency\n            problems\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReviewContext($projectId: ID!) {\n    project(id: $projectId) {\n      id\n      name\n    }\n    categoryOptions {\n      adobe\n      shutterstock\n    }\n    shotTypeVocabulary {\n      id\n      label\n    }\n    projectEditHistory(projectId: $projectId, first: 20) {\n      id\n      action\n      params\n      changedCount\n      username\n      createdAt\n      undoneAt\n    }\n  }\n"): (typeof documents)["\n  query ReviewContext($projectId: ID!) {\n    project(id: $projectId) {\n      id\n      name\n    }\n    categoryOptions {\n      adobe\n      shutterstock\n    }\n    shotTypeVocabulary {\n      id\n      label\n    }\n    projectEditHistory(projectId: $projectId, first: 20) {\n      id\n      action\n      params\n      changedCount\n      username\n      createdAt\n      undoneAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BulkResultFields on BulkEditResult {\n    actionId\n    matched\n    changed\n    unchanged\n    refused {\n      fileSetId\n      baseName\n      reason\n    }\n  }\n"): (typeof documents)["\n  fragment BulkResultFields on BulkEditResult {\n    actionId\n    matched\n    changed\n    unchanged\n    refused {\n      fileSetId\n      baseName\n      reason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewAddKeywords($selection: ReviewSelectionInput!, $keywords: [String!]!, $position: KeywordPosition!) {\n    addKeywords(selection: $selection, keywords: $keywords, position: $position) {\n      ...BulkResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReviewAddKeywords($selection: ReviewSelectionInput!, $keywords: [String!]!, $position: KeywordPosition!) {\n    addKeywords(selection: $selection, keywords: $keywords, position: $position) {\n      ...BulkResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewRemoveKeywords($selection: ReviewSelectionInput!, $keywords: [String!]!) {\n    removeKeywords(selection: $selection, keywords: $keywords) {\n      ...BulkResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReviewRemoveKeywords($selection: ReviewSelectionInput!, $keywords: [String!]!) {\n    removeKeywords(selection: $selection, keywords: $keywords) {\n      ...BulkResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewReplaceKeyword($selection: ReviewSelectionInput!, $from: String!, $to: String!) {\n    replaceKeyword(selection: $selection, from: $from, to: $to) {\n      ...BulkResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReviewReplaceKeyword($selection: ReviewSelectionInput!, $from: String!, $to: String!) {\n    replaceKeyword(selection: $selection, from: $from, to: $to) {\n      ...BulkResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewFindReplace($selection: ReviewSelectionInput!, $field: ReviewTextField!, $find: String!, $replace: String!, $wholeWord: Boolean!) {\n    findReplace(selection: $selection, field: $field, find: $find, replace: $replace, wholeWord: $wholeWord) {\n      ...BulkResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReviewFindReplace($selection: ReviewSelectionInput!, $field: ReviewTextField!, $find: String!, $replace: String!, $wholeWord: Boolean!) {\n    findReplace(selection: $selection, field: $field, find: $find, replace: $replace, wholeWord: $wholeWord) {\n      ...BulkResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewSetCategories($selection: ReviewSelectionInput!, $adobeCategory: String) {\n    setCategories(selection: $selection, adobeCategory: $adobeCategory) {\n      ...BulkResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReviewSetCategories($selection: ReviewSelectionInput!, $adobeCategory: String) {\n    setCategories(selection: $selection, adobeCategory: $adobeCategory) {\n      ...BulkResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewReorder($selection: ReviewSelectionInput!) {\n    reorderKeywordsByRelevance(selection: $selection) {\n      ...BulkResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReviewReorder($selection: ReviewSelectionInput!) {\n    reorderKeywordsByRelevance(selection: $selection) {\n      ...BulkResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewReset($selection: ReviewSelectionInput!) {\n    resetToAiOriginal(selection: $selection) {\n      ...BulkResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReviewReset($selection: ReviewSelectionInput!) {\n    resetToAiOriginal(selection: $selection) {\n      ...BulkResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewUndo($projectId: ID!) {\n    undoProjectEdit(projectId: $projectId) {\n      actionId\n      restored\n      skipped\n      skippedCount\n    }\n  }\n"): (typeof documents)["\n  mutation ReviewUndo($projectId: ID!) {\n    undoProjectEdit(projectId: $projectId) {\n      actionId\n      restored\n      skipped\n      skippedCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FileSetTrack($fileSetId: ID!) {\n    fileSetTrack(fileSetId: $fileSetId, maxPoints: 1500) {\n      fileSetId\n      baseName\n      title\n      start\n      end\n      altitudeReference\n      pointCount\n      points {\n        t\n        latitude\n        longitude\n        altitude\n        speed\n      }\n      frames {\n        index\n        t\n        latitude\n        longitude\n      }\n      downloads {\n        gpx\n        kml\n        geojson\n      }\n    }\n  }\n"): (typeof documents)["\n  query FileSetTrack($fileSetId: ID!) {\n    fileSetTrack(fileSetId: $fileSetId, maxPoints: 1500) {\n      fileSetId\n      baseName\n      title\n      start\n      end\n      altitudeReference\n      pointCount\n      points {\n        t\n        latitude\n        longitude\n        altitude\n        speed\n      }\n      frames {\n        index\n        t\n        latitude\n        longitude\n      }\n      downloads {\n        gpx\n        kml\n        geojson\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WizardFileSet on FileSet {\n    id\n    baseName\n    status\n    missing\n    incompleteReason\n    shape\n    processable\n    stillFromVideo\n    stillProblem\n    withoutTelemetry\n    leftOut\n    files {\n      id\n      filename\n      fileTypeInfo\n      resourceUri\n      sizeBytes\n      proxy\n      fromVideo\n    }\n  }\n"): (typeof documents)["\n  fragment WizardFileSet on FileSet {\n    id\n    baseName\n    status\n    missing\n    incompleteReason\n    shape\n    processable\n    stillFromVideo\n    stillProblem\n    withoutTelemetry\n    leftOut\n    files {\n      id\n      filename\n      fileTypeInfo\n      resourceUri\n      sizeBytes\n      proxy\n      fromVideo\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChooseFileSetProcessing($projectId: ID!, $fileSetIds: [ID!], $withoutTelemetry: Boolean, $leftOut: Boolean) {\n    chooseFileSetProcessing(projectId: $projectId, fileSetIds: $fileSetIds, withoutTelemetry: $withoutTelemetry, leftOut: $leftOut) {\n      ...WizardFileSet\n    }\n  }\n"): (typeof documents)["\n  mutation ChooseFileSetProcessing($projectId: ID!, $fileSetIds: [ID!], $withoutTelemetry: Boolean, $leftOut: Boolean) {\n    chooseFileSetProcessing(projectId: $projectId, fileSetIds: $fileSetIds, withoutTelemetry: $withoutTelemetry, leftOut: $leftOut) {\n      ...WizardFileSet\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UploadFiles($projectId: ID!, $files: [Upload!]!) {\n    uploadFiles(projectId: $projectId, files: $files) {\n      message\n      accepted {\n        id\n        filename\n      }\n      refused {\n        filename\n        reason\n      }\n      summary {\n        fileSets\n        complete\n        incomplete\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UploadFiles($projectId: ID!, $files: [Upload!]!) {\n    uploadFiles(projectId: $projectId, files: $files) {\n      message\n      accepted {\n        id\n        filename\n      }\n      refused {\n        filename\n        reason\n      }\n      summary {\n        fileSets\n        complete\n        incomplete\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReplaceFileSetFile($fileSetId: ID!, $kind: FileKind, $file: Upload!) {\n    replaceFileSetFile(fileSetId: $fileSetId, kind: $kind, file: $file) {\n      message\n      replaced\n      fileSet {\n        ...WizardFileSet\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ReplaceFileSetFile($fileSetId: ID!, $kind: FileKind, $file: Upload!) {\n    replaceFileSetFile(fileSetId: $fileSetId, kind: $kind, file: $file) {\n      message\n      replaced\n      fileSet {\n        ...WizardFileSet\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VerifyFileSets($projectId: ID!) {\n    verifyFileSets(projectId: $projectId) {\n      projectId\n      allComplete\n      fileSets {\n        ...WizardFileSet\n      }\n    }\n  }\n"): (typeof documents)["\n  query VerifyFileSets($projectId: ID!) {\n    verifyFileSets(projectId: $projectId) {\n      projectId\n      allComplete\n      fileSets {\n        ...WizardFileSet\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GenerateProjectJson($projectId: ID!, $completeOnly: Boolean!) {\n    generateProjectJson(projectId: $projectId, completeOnly: $completeOnly) {\n      message\n      fileSetCount\n      leftOut {\n        baseName\n        reason\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation GenerateProjectJson($projectId: ID!, $completeOnly: Boolean!) {\n    generateProjectJson(projectId: $projectId, completeOnly: $completeOnly) {\n      message\n      fileSetCount\n      leftOut {\n        baseName\n        reason\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CostEstimate($projectId: ID!, $scope: ProcessingScope!) {\n    costEstimate(projectId: $projectId, scope: $scope) {\n      projectId\n      scope\n      costPerFileset\n      fileSetCount\n      totalFileSets\n      leftOut {\n        fileSetId\n        baseName\n        reason\n      }\n      totalCost\n      currentBalance\n      sufficient\n    }\n  }\n"): (typeof documents)["\n  query CostEstimate($projectId: ID!, $scope: ProcessingScope!) {\n    costEstimate(projectId: $projectId, scope: $scope) {\n      projectId\n      scope\n      costPerFileset\n      fileSetCount\n      totalFileSets\n      leftOut {\n        fileSetId\n        baseName\n        reason\n      }\n      totalCost\n      currentBalance\n      sufficient\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WizardResume($id: ID!) {\n    project(id: $id) {\n      id\n      name\n      status\n      deletedAt\n      fileSetCount\n      progress {\n        acceptingSets\n      }\n      uploadState {\n        filesToSend\n      }\n    }\n  }\n"): (typeof documents)["\n  query WizardResume($id: ID!) {\n    project(id: $id) {\n      id\n      name\n      status\n      deletedAt\n      fileSetCount\n      progress {\n        acceptingSets\n      }\n      uploadState {\n        filesToSend\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WizardUploadState($id: ID!) {\n    project(id: $id) {\n      id\n      uploadState {\n        filesToSend\n        setsToSend\n        incompleteSets\n      }\n    }\n  }\n"): (typeof documents)["\n  query WizardUploadState($id: ID!) {\n    project(id: $id) {\n      id\n      uploadState {\n        filesToSend\n        setsToSend\n        incompleteSets\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveFileSet($fileSetId: ID!) {\n    removeFileSet(fileSetId: $fileSetId) {\n      message\n      fileSetId\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveFileSet($fileSetId: ID!) {\n    removeFileSet(fileSetId: $fileSetId) {\n      message\n      fileSetId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UnfinishedUploads($projectId: ID!) {\n    unfinishedUploads(projectId: $projectId) {\n      id\n      filename\n      status\n      reason\n      sizeBytes\n      receivedBytes\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  query UnfinishedUploads($projectId: ID!) {\n    unfinishedUploads(projectId: $projectId) {\n      id\n      filename\n      status\n      reason\n      sizeBytes\n      receivedBytes\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartProcessingAsSetsComplete($projectId: ID!) {\n    startProcessingAsSetsComplete(projectId: $projectId) {\n      run {\n        id\n        costPerFileset\n        acceptingSets\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation StartProcessingAsSetsComplete($projectId: ID!) {\n    startProcessingAsSetsComplete(projectId: $projectId) {\n      run {\n        id\n        costPerFileset\n        acceptingSets\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StopTakingSets($projectId: ID!) {\n    stopTakingSets(projectId: $projectId) {\n      run {\n        id\n        totalJobs\n        acceptingSets\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation StopTakingSets($projectId: ID!) {\n    stopTakingSets(projectId: $projectId) {\n      run {\n        id\n        totalJobs\n        acceptingSets\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SetsAsComplete($projectId: ID!) {\n    project(id: $projectId) {\n      id\n      progress {\n        acceptingSets\n        intakeStoppedReason\n        totalJobs\n        completedJobs\n        failedJobs\n      }\n      uploadState {\n        setsToSend\n      }\n      fileSets {\n        id\n        baseName\n        processing {\n          status\n          stageMessage\n        }\n        result {\n          current {\n            content {\n              title\n            }\n            metadata {\n              city\n              country\n            }\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SetsAsComplete($projectId: ID!) {\n    project(id: $projectId) {\n      id\n      progress {\n        acceptingSets\n        intakeStoppedReason\n        totalJobs\n        completedJobs\n        failedJobs\n      }\n      uploadState {\n        setsToSend\n      }\n      fileSets {\n        id\n        baseName\n        processing {\n          status\n          stageMessage\n        }\n        result {\n          current {\n            content {\n              title\n            }\n            metadata {\n              city\n              country\n            }\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RunStarted on StartProcessingPayload {\n    run {\n      id\n      charged\n      totalJobs\n    }\n  }\n"): (typeof documents)["\n  fragment RunStarted on StartProcessingPayload {\n    run {\n      id\n      charged\n      totalJobs\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartProcessing($projectId: ID!) {\n    startProcessing(projectId: $projectId) {\n      ...RunStarted\n    }\n  }\n"): (typeof documents)["\n  mutation StartProcessing($projectId: ID!) {\n    startProcessing(projectId: $projectId) {\n      ...RunStarted\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryProcessing($projectId: ID!) {\n    retryProcessing(projectId: $projectId) {\n      ...RunStarted\n    }\n  }\n"): (typeof documents)["\n  mutation RetryProcessing($projectId: ID!) {\n    retryProcessing(projectId: $projectId) {\n      ...RunStarted\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PageInfoFields on PageInfo {\n    hasNextPage\n    endCursor\n  }\n"): (typeof documents)["\n  fragment PageInfoFields on PageInfo {\n    hasNextPage\n    endCursor\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;