import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { StepIndicator } from '../modules/wizard/components/StepIndicator';
import { ProjectDetailsStep } from '../modules/wizard/components/ProjectDetailsStep';
import { FileUploadStep } from '../modules/wizard/components/FileUploadStep';
import type { UploadResult } from '../modules/wizard/types/upload-result';
import { VerifyFileSetsStep } from '../modules/wizard/components/VerifyFileSetsStep';
import { CreditCostStep } from '../modules/wizard/components/CreditCostStep';
import { WizardResumeQuery } from '../modules/wizard/graphql/wizard.graphql';
import { resumeStep } from '../modules/wizard/resume-step';
import { Loading } from '../ui/Loading';
import '../modules/wizard/wizard.css';

/**
 * The project creation wizard (SPEC §2, §4): details, upload, verify, cost. The project's id is
 * kept in the address (`?project=ID`) from step 2 on, so a reload, a closed tab or a trip to buy
 * credits comes back to the step the project's state calls for (resume-step.ts).
 */
export function CreateProjectPage() {
  const [params, setParams] = useSearchParams();
  const resumeId = params.get('project');
  const [step, setStep] = useState(resumeId ? 0 : 1);
  const [project, setProject] = useState<{ id: string; name: string } | null>(null);
  const [lastUpload, setLastUpload] = useState<UploadResult | null>(null);
  const resume = useQuery(WizardResumeQuery, { variables: { id: resumeId ?? '' }, skip: !resumeId || !!project, fetchPolicy: 'network-only' });
  const found = resume.data?.project;
  const takingSets = found?.progress.acceptingSets ?? false;
  // "Add clips" on the project page: a later card of the same shoot into a processed project.
  const addingClips = params.get('add') === '1';
  const at = found ? resumeStep({ ...found, takingSets, filesToSend: found.uploadState.filesToSend, addingClips }) : null;
  const navigate = useNavigate();

  useEffect(() => {
    if (!found || project || !at || at === 'project') return;
    setProject({ id: found.id, name: found.name });
    setStep(at);
  }, [found, project, at]);

  if (resumeId && !project) {
    if (resume.error)
      return (
        <section className="card center narrow" role="alert">
          <h1>Project not found</h1>
          <p className="muted">This project does not exist or is not yours, so its setup cannot continue.</p>
          <Link to="/dashboard" className="button button-primary">
            Return to Dashboard
          </Link>
        </section>
      );
    if (found?.deletedAt)
      return (
        <section className="card center narrow" role="alert">
          <h1>{found.name} is in the trash</h1>
          <p className="muted">Restore it from the dashboard&apos;s Trash to continue its setup.</p>
          <Link to="/dashboard" className="button button-primary">
            Return to Dashboard
          </Link>
        </section>
      );
    if (found && at === 'project') return <Navigate to={`/project/${found.id}`} replace />;
    return <Loading label="Opening the project…" />;
  }

  return (
    <section className="stack wizard">
      <div className="page-header">
        <div>
          <h1>{addingClips ? 'Add Clips' : resumeId ? 'Continue Project Setup' : 'Create Project'}</h1>
          {project && <p className="muted wizard-project-name">{project.name}</p>}
        </div>
        <Link to="/dashboard" className="button">
          ← Return to Dashboard
        </Link>
      </div>
      <StepIndicator step={step} />
      <div className="card">
        {step === 1 && (
          <ProjectDetailsStep
            onCreated={(p) => {
              setProject(p);
              setStep(2);
              // From here on a reload resumes this project instead of starting a new one.
              setParams({ project: p.id }, { replace: true });
            }}
          />
        )}
        {step === 2 && project && (
          <FileUploadStep
            projectId={project.id}
            takingSets={takingSets}
            onProcessingAsComplete={() => navigate(`/project/${project.id}`)}
            onUploaded={(r) => {
              setLastUpload(r);
              setStep(3);
            }}
          />
        )}
        {step === 3 && project && (
          <VerifyFileSetsStep projectId={project.id} lastUpload={lastUpload} onContinue={() => setStep(4)} onUploadMore={() => setStep(2)} />
        )}
        {step === 4 && project && <CreditCostStep projectId={project.id} onBack={() => setStep(3)} />}
      </div>
    </section>
  );
}
