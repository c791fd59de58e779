import { useState } from 'react';
import { Link } from 'react-router';
import { StepIndicator } from '../modules/wizard/components/StepIndicator';
import { ProjectDetailsStep } from '../modules/wizard/components/ProjectDetailsStep';
import { FileUploadStep, type UploadResult } from '../modules/wizard/components/FileUploadStep';
import { VerifyFileSetsStep } from '../modules/wizard/components/VerifyFileSetsStep';
import { CreditCostStep } from '../modules/wizard/components/CreditCostStep';
import '../modules/wizard/wizard.css';

/** The project creation wizard (SPEC §2, §4): details, upload, verify, cost. */
export function CreateProjectPage() {
  const [step, setStep] = useState(1);
  const [project, setProject] = useState<{ id: string; name: string } | null>(null);
  const [lastUpload, setLastUpload] = useState<UploadResult | null>(null);

  return (
    <section className="stack wizard">
      <div className="page-header">
        <div>
          <h1>Create Project</h1>
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
            }}
          />
        )}
        {step === 2 && project && (
          <FileUploadStep
            projectId={project.id}
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
